import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { NewUser, ProfileChanges, UserRepository } from '../application/ports/user.repository.port.js';
import type { User, UserRole } from '../domain/user.js';
import { UserMapper } from './user.mapper.js';
import { UserOrmEntity } from './user.orm-entity.js';


@Injectable()
export class TypeormUserRepository implements UserRepository {
  constructor(@InjectRepository(UserOrmEntity) private readonly users: Repository<UserOrmEntity>) {}

  async findById(id: string): Promise<User | null> {
    const row = await this.users.findOneBy({ id });
    return row ? UserMapper.toDomain(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.byEmail(email);
    return row ? UserMapper.toDomain(row) : null;
  }

  async findCredentials(email: string): Promise<{ user: User; passwordHash: string } | null> {
    const row = await this.byEmail(email);
    return row ? { user: UserMapper.toDomain(row), passwordHash: row.passwordHash } : null;
  }

  async create(user: NewUser): Promise<User | null> {
    // ON CONFLICT DO NOTHING: an e-mail already registered (any case) inserts nothing, and no failed query is logged.
    const result = await this.users.createQueryBuilder().insert().values({ ...user, role: user.role ?? 'user' }).orIgnore().returning('id').execute();
    const inserted = (result.raw as { id: string }[])[0];
    return inserted ? UserMapper.toDomain(await this.users.findOneByOrFail({ id: inserted.id })) : null;
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
    await this.users.update({ id }, { passwordHash });
  }

  async markEmailConfirmed(id: string, at: Date): Promise<void> {
    await this.users.createQueryBuilder().update().set({ emailConfirmedAt: at }).where('id = :id AND email_confirmed_at IS NULL', { id }).execute();
  }

  async setRole(id: string, role: UserRole): Promise<void> {
    await this.users.update({ id }, { role });
  }

  private byEmail(email: string): Promise<UserOrmEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }
}
