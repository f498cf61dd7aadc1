import { DataSource } from 'typeorm';
import { migrations } from '../../../src/migrations/index.js';
import { createTestDatabase } from '../../setup/test-database.js';

describe('mail delivered before bodies were purged on delivery (migration)', () => {
  it('empties the bodies of delivered mail and keeps those still to be delivered', async () => {
    const database = await createTestDatabase({ empty: true });
    const purge = migrations.findIndex((migration) => migration.name.startsWith('PurgeDeliveredMailBodies'));
    const migrate = async (upTo: number) => {
      const source = new DataSource({ type: 'postgres', url: database.url, migrations: migrations.slice(0, upTo), migrationsTransactionMode: 'each' });
      await source.initialize();
      try {
        await source.runMigrations();
        return source;
      } catch (error) {
        await source.destroy();
        throw error;
      }
    };
    try {
      const before = await migrate(purge);
      const link = 'https://fairdraw.test/account/resetpassword/abc/';
      await before.query(
        `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, sent_at) VALUES
           ('sent@example.com', 'Reset your FairDraw password', $1, $2, now()),
           ('queued@example.com', 'Reset your FairDraw password', $1, NULL, NULL)`,
        [`Hello,\n${link}`, `<a href="${link}">reset</a>`],
      );
      await before.destroy();
      const after = await migrate(migrations.length);
      try {
        expect(await after.query('SELECT to_address, subject, text_body, html_body FROM mail_outbox ORDER BY to_address')).toEqual([
          { to_address: 'queued@example.com', subject: 'Reset your FairDraw password', text_body: `Hello,\n${link}`, html_body: null },
          { to_address: 'sent@example.com', subject: 'Reset your FairDraw password', text_body: '', html_body: null },
        ]);
      } finally {
        await after.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});
