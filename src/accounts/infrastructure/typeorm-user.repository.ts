import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { EmailChange, NewUser, ProfileChanges, User, UserRole } from '../domain/user.js';
import { columnList, preparedQuery } from '../../platform/database/prepared-query.js';
import { currentManager, currentRepository, joinTransaction } from '../../platform/database/transaction-scope.js';
import { UserMapper } from './user.mapper.js';
import { UserOrmEntity } from './user.orm-entity.js';

@Injectable()
export class TypeormUserRepository {
  private readonly userById: string;

  constructor(@InjectRepository(UserOrmEntity) private readonly users: Repository<UserOrmEntity>) {
    this.userById = `SELECT ${columnList(users.metadata, 'u')} FROM users u WHERE u.id = $1`;
  }

  async findById(id: string): Promise<User | null> {
    const [raw] = await preparedQuery<Record<string, unknown>>(this.users.manager.connection, 'user_by_id', this.userById, [id]);
    return raw ? this.fromRow(raw) : null;
  }

  /** A user from its row as read with the session (row_to_json of the users table). */
  fromRow(raw: Record<string, unknown>): User {
    // The columns as the driver gives them, or as row_to_json does (timestamps as text): hydrated as TypeORM would.
    const row = this.users.metadata.create() as UserOrmEntity;
    const driver = this.users.manager.connection.driver;
    for (const column of this.users.metadata.columns) column.setEntityValue(row, driver.prepareHydratedValue(raw[column.databaseName], column));
    return UserMapper.toDomain(row);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.byEmail(email);
    return row ? UserMapper.toDomain(row) : null;
  }

  /** The user and the password hash to check a login against. */
  async findCredentials(email: string): Promise<{ user: User; passwordHash: string } | null> {
    const row = await this.byEmail(email);
    return row ? { user: UserMapper.toDomain(row), passwordHash: row.passwordHash } : null;
  }

  /** Null when the e-mail is already registered (the unique index decides, so two concurrent sign-ups cannot both win). */
  async create(user: NewUser): Promise<User | null> {
    // ON CONFLICT DO NOTHING: an e-mail already registered (any case) inserts nothing, and no failed query is logged.
    // In the surrounding transaction, if any: an account made for a visitor's draw exists only once the draw is linked.
    const users = currentRepository(this.users);
    const result = await users
      .createQueryBuilder()
      .insert()
      .values({ ...user, role: user.role ?? 'user' })
      .orIgnore()
      .returning('id')
      .execute();
    const inserted = (result.raw as { id: string }[])[0];
    return inserted ? UserMapper.toDomain(await users.findOneByOrFail({ id: inserted.id })) : null;
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<User> {
    const { address, ...profile } = changes;
    await this.users.update(
      { id },
      {
        ...profile,
        ...(address && {
          addressLineOne: address.lineOne,
          addressLineTwo: address.lineTwo,
          addressCity: address.city,
          addressState: address.state,
          addressPostcode: address.postcode,
          addressCountryCode: address.countryCode,
        }),
      },
    );
    return UserMapper.toDomain(await this.users.findOneByOrFail({ id }));
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    // With the sessions and links the new password ends, in the surrounding transaction (AccountService).
    await currentRepository(this.users).update({ id }, { passwordHash });
  }

  async markEmailConfirmed(id: string, at: Date): Promise<void> {
    await currentRepository(this.users).createQueryBuilder().update().set({ emailConfirmedAt: at }).where('id = :id AND email_confirmed_at IS NULL', { id }).execute();
  }

  async setRole(id: string, role: UserRole): Promise<void> {
    await this.users.update({ id }, { role });
  }

  /**
   * Whether the user has API access, holding the user's row (FOR SHARE) until the surrounding transaction ends: a
   * switch of API access waits for it, and one that committed first is seen. Null when the user does not exist.
   */
  async lockApiAccess(id: string): Promise<boolean | null> {
    const [row] = (await currentManager(this.users.manager.connection).query('SELECT api_enabled FROM users WHERE id = $1 FOR SHARE', [id])) as { api_enabled: boolean }[];
    return row ? row.api_enabled : null;
  }

  async setApiEnabled(id: string, apiEnabled: boolean): Promise<void> {
    // With the administrator's audit row, in the surrounding transaction (AdminConsoleService).
    await currentRepository(this.users).update({ id }, { apiEnabled });
  }

  /**
   * Replaces the e-mail (unconfirmed again) and records the old one in the e-mail history, in one transaction.
   * 'taken' when another account has the new address; null when the user does not exist.
   */
  async changeEmail(id: string, email: string, changedBy: string, at: Date): Promise<{ previousEmail: string } | 'taken' | null> {
    return joinTransaction(this.users.manager.connection, async (manager) => {
      const [current] = (await manager.query('SELECT email FROM users WHERE id = $1 FOR UPDATE', [id])) as { email: string }[];
      if (!current) return null;
      // ON CONFLICT cannot guard an UPDATE: the unique index on lower(email) is checked first, under the row lock of
      // this account; a concurrent sign-up with the same address still fails on the index (23505), answered 'taken'.
      const [taken] = (await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, id])) as unknown[];
      if (taken) return 'taken';
      try {
        await manager.query('SAVEPOINT change_email');
        await manager.query('UPDATE users SET email = $2, email_confirmed_at = NULL, updated_at = $3 WHERE id = $1', [id, email, at]);
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        await manager.query('ROLLBACK TO SAVEPOINT change_email');
        return 'taken';
      }
      await manager.query('INSERT INTO email_history (user_id, email, new_email, date_changed_from, changed_by) VALUES ($1, $2, $3, $4, $5)', [id, current.email, email, at, changedBy]);
      return { previousEmail: current.email };
    });
  }

  /** The addresses the account had before, latest change first. */
  async emailHistory(id: string): Promise<EmailChange[]> {
    const rows = (await this.users.query('SELECT email, new_email, date_changed_from, changed_by FROM email_history WHERE user_id = $1 ORDER BY date_changed_from DESC, id DESC', [id])) as {
      email: string;
      new_email: string;
      date_changed_from: Date;
      changed_by: string;
    }[];
    return rows.map((row) => ({ email: row.email, newEmail: row.new_email, dateChangedFrom: row.date_changed_from, changedBy: row.changed_by }));
  }

  private byEmail(email: string): Promise<UserOrmEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }
}
