import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import connectPgSimple from 'connect-pg-simple';
import pg from 'pg';
import type { Environment } from '../../config/environment.js';
import { type RequestContext, requestContext } from '../logging/request-context.js';

declare module 'fastify' {
  interface Session {
    /** The browser tab's clientSession, recorded by the authenticated check. */
    clientSession?: string;
    /** Where passport keeps the logged-in user's id. */
    passport?: { user?: string };
  }
}

export const SESSION_COOKIE_NAME = 'fairdraw.sid';

/** The user row read with each request's session, by the request's context, until the authentication takes it. */
const sessionUsers = new WeakMap<RequestContext, { id: string; row: Record<string, unknown> | null }>();

/**
 * The row (as row_to_json gives it) of the user the request's session names, read in the session's own statement
 * (issue 26: one round trip for the session and its user); null when no such user exists; undefined when the session
 * was not read with this user in this request. Taken once, by the authentication: any later read of the user in the
 * same request (after a change of it) goes to the database.
 */
export function takeSessionUserRow(id: string): Record<string, unknown> | null | undefined {
  const context = requestContext.getStore();
  const read = context && sessionUsers.get(context);
  if (!read || read.id !== id) return undefined;
  sessionUsers.delete(context);
  return read.row;
}

/** The id of the session each request read from the store (see PreparedPgStore.set). */
const sessionsRead = new WeakMap<RequestContext, string>();
/** The requests whose session was ended by another request while they ran: their answer sets no session cookie. */
const sessionsEndedMeanwhile = new WeakSet<RequestContext>();

/** The session, and the user its passport names, as of one statement: nothing kept between requests. */
const SESSION_WITH_USER = `SELECT s.sess, s.sess #>> '{passport,user}' AS session_user_id, row_to_json(u) AS session_user
  FROM session s
  LEFT JOIN users u ON u.id = CASE WHEN s.sess #>> '{passport,user}' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
                                   THEN (s.sess #>> '{passport,user}')::uuid END
  WHERE s.sid = $1 AND s.expire >= now()`;
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Sessions in PostgreSQL (connect-pg-simple), so any number of app processes share them. The cookie settings are
 * explicit because @fastify/session's defaults (secure, rolling, saveUninitialized) suit none of our needs.
 */
export async function registerSessions(app: NestFastifyApplication, environment: Environment, databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  // An idle connection dropped by the server (a restart, a failover) is replaced on next use; without a listener
  // the pool's error event would end the process.
  pool.on('error', (error) => new Logger('Sessions').warn(`Session store connection lost: ${error.message}`));
  const PgStore = connectPgSimple(fastifySession as unknown as Parameters<typeof connectPgSimple>[0]);
  /** connect-pg-simple, reading by a prepared statement (with the session's user): every authenticated request reads its session. */
  class PreparedPgStore extends PgStore {
    override get(sid: string, done: Parameters<InstanceType<typeof PgStore>['get']>[1]): void {
      pool.query<{ sess: string | object; session_user_id: string | null; session_user: Record<string, unknown> | null }>({ name: 'session_with_user', text: SESSION_WITH_USER, values: [sid] }).then(
        ({ rows }) => {
          const sess = rows[0]?.sess;
          if (sess === undefined) return done(null, null);
          const context = requestContext.getStore();
          if (context) sessionsRead.set(context, sid);
          if (context && rows[0].session_user_id) sessionUsers.set(context, { id: rows[0].session_user_id, row: rows[0].session_user });
          try {
            done(null, (typeof sess === 'string' ? JSON.parse(sess) : sess) as Parameters<typeof done>[1]);
          } catch {
            // As connect-pg-simple does: an unreadable session is ended.
            this.destroy(sid, (error) => done(error ?? null, null));
          }
        },
        (error: unknown) => done(error),
      );
    }

    /**
     * A session the request read is written back only while it still exists. connect-pg-simple's upsert would
     * re-create one that another request ended meanwhile (a logOut in another tab, a password reset, a login's new
     * id), logged in, when the request in flight saves it (the session check records its tab's clientSession).
     */
    override set(sid: string, sess: Parameters<InstanceType<typeof PgStore>['set']>[1], done?: (error?: unknown) => void): void {
      const context = requestContext.getStore();
      if (!context || sessionsRead.get(context) !== sid) return super.set(sid, sess, done);
      // As connect-pg-simple reckons it: the cookie's expiry, else its default day.
      const expires = sess.cookie?.expires ? new Date(sess.cookie.expires).valueOf() : Date.now() + 24 * 60 * 60 * 1000;
      pool.query('UPDATE session SET sess = $1, expire = to_timestamp($2) WHERE sid = $3', [sess, Math.ceil(expires / 1000), sid]).then(
        ({ rowCount }) => {
          if (rowCount === 0) sessionsEndedMeanwhile.add(context);
          done?.();
        },
        (error: unknown) => done?.(error),
      );
    }
  }
  const store = new PreparedPgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: await sessionSecret(environment),
    cookieName: SESSION_COOKIE_NAME,
    cookie: { httpOnly: true, sameSite: 'strict', secure: environment.NODE_ENV === 'production', path: '/', maxAge: SESSION_LIFETIME_MS },
    rolling: false,
    saveUninitialized: false,
    store: store as unknown as fastifySession.SessionStore,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // After @fastify/session's own onSend: the cookie it sets for a session that no longer exists would replace, in the
  // browser, the one another tab's login set meanwhile (logging that tab out, or back into the ended session).
  fastify.addHook('onSend', async (_request, reply, payload) => {
    const context = requestContext.getStore();
    if (!context || !sessionsEndedMeanwhile.has(context)) return payload;
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined) {
      const kept = ([] as string[]).concat(cookies as string | string[]).filter((cookie) => !cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
      // removeHeader first: fastify adds a set-cookie to those already there.
      void reply.removeHeader('set-cookie');
      if (kept.length) void reply.header('set-cookie', kept);
    }
    return payload;
  });
  fastify.addHook('onClose', async () => {
    store.close();
    await pool.end();
  });
}

/** SESSION_SECRET in production (shared by every process); elsewhere one generated once into DATA_DIR. */
async function sessionSecret(environment: Environment): Promise<string> {
  if (environment.SESSION_SECRET) return environment.SESSION_SECRET;
  const file = join(environment.DATA_DIR, 'session.secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(environment.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
}
