import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Switching API access off now revokes the customer's keys, so switching it on again revives none. Customers whose
 * access is off already keep keys that would revive: they are revoked as the switch would have.
 */
export class RevokeKeysWithoutApiAccess1795812161926 implements MigrationInterface {
  name = 'RevokeKeysWithoutApiAccess1795812161926';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('UPDATE api_key k SET revoked_at = now() FROM users u WHERE u.id = k.user_id AND NOT u.api_enabled AND k.revoked_at IS NULL');
  }

  async down(): Promise<void> {
    // A revoked key stays revoked: which of them the switch revoked is not known.
  }
}
