import type { LoggerService } from '@nestjs/common';
import { pino, type Logger as Pino, type LevelWithSilent } from 'pino';
import { requestContext } from './request-context.js';

export type LogLevel = Exclude<LevelWithSilent, 'silent'>;

/**
 * One JSON line per event on stdout: time, level, pid, hostname, the Nest context, the message and, inside a request,
 * its requestId. Written asynchronously (lines queued during a write go out together) so logging does not hold the
 * event loop; `flush()` before exiting.
 */
export function createRootLogger(level: LogLevel, destination = pino.destination({ fd: 1, sync: false })): Pino {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
      // A safety net for objects logged whole: code never logs these fields on purpose.
      redact: { paths: ['email', 'password', 'headers.cookie', 'headers.authorization', '*.email', '*.password'], censor: '[redacted]' },
    },
    destination,
  );
}

/**
 * Nest's LoggerService over pino: the existing `new Logger('Draws').warn(...)` calls become JSON lines with
 * `context: "Draws"`. An object message becomes fields of the line; an Error its `err`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    // Nest passes the context last, and for errors the stack before it.
    const rest = [...params];
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (stack) fields.stack = stack;
    if (message instanceof Error) this.root[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.root[level]({ ...fields, ...(message as Record<string, unknown>) });
    else this.root[level](fields, String(message));
  }
}
