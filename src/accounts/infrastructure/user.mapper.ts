import type { User } from '../domain/user.js';
import type { UserOrmEntity } from './user.orm-entity.js';

export class UserMapper {
  static toDomain(row: UserOrmEntity): User {
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      isAgent: row.isAgent,
      agentOrganisation: row.agentOrganisation,
      optedIntoCommunication: row.optedIntoCommunication,
      role: row.role,
      apiEnabled: row.apiEnabled,
      emailConfirmedAt: row.emailConfirmedAt,
      address: {
        lineOne: row.addressLineOne,
        lineTwo: row.addressLineTwo,
        city: row.addressCity,
        state: row.addressState,
        postcode: row.addressPostcode,
        countryCode: row.addressCountryCode,
      },
      createdAt: row.createdAt,
    };
  }
}
