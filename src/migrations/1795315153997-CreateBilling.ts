import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1795315153997 implements MigrationInterface {
  name = 'CreateBilling1795315153997';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE price_setting (
        currency text PRIMARY KEY CHECK (currency IN ('USD', 'AUD', 'CAD', 'NZD', 'GBP')),
        draw_single integer NOT NULL CHECK (draw_single > 0),
        draw_10 integer NOT NULL CHECK (draw_10 > 0),
        draw_100 integer NOT NULL CHECK (draw_100 > 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The spec's current one-draw offers; packs keep the ratio of its default prices (50 / 300 / 2000).
    await queryRunner.query(`
      INSERT INTO price_setting (currency, draw_single, draw_10, draw_100) VALUES
        ('AUD', 5000, 30000, 200000),
        ('CAD', 5000, 30000, 200000),
        ('NZD', 5000, 30000, 200000),
        ('USD', 4000, 24000, 160000),
        ('GBP', 3000, 18000, 120000)`);

    await queryRunner.query(`
      CREATE TABLE payment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        payment_option integer NOT NULL CHECK (payment_option IN (0, 1, 3)),
        currency text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        method text NOT NULL CHECK (method IN ('card', 'wallet')),
        gateway text NOT NULL,
        gateway_reference text,
        idempotency_key text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'declined', 'failed')),
        decline_message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        fulfilled_at timestamptz
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX payment_gateway_reference ON payment (gateway, gateway_reference) WHERE gateway_reference IS NOT NULL');

    await queryRunner.query(`
      CREATE TABLE credit_pack (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('single', 'ten', 'hundred', 'manual', 'refund', 'trial')),
        purchase_date timestamptz NOT NULL DEFAULT now(),
        expiry_date timestamptz NOT NULL,
        payment_id uuid UNIQUE REFERENCES payment (id),
        note text
      )`);
    await queryRunner.query('CREATE INDEX credit_pack_user ON credit_pack (user_id)');

    await queryRunner.query(`
      CREATE TABLE credit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pack_id uuid NOT NULL REFERENCES credit_pack (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        redeemed_date timestamptz,
        redeemed_for text
      )`);
    await queryRunner.query('CREATE INDEX credit_unused ON credit (user_id) WHERE redeemed_date IS NULL');

    // Gapless invoice numbers: one counter row, advanced inside the transaction that writes the invoice.
    await queryRunner.query('CREATE TABLE invoice_counter (id integer PRIMARY KEY CHECK (id = 1), next_number integer NOT NULL)');
    await queryRunner.query('INSERT INTO invoice_counter (id, next_number) VALUES (1, 1001)');
    await queryRunner.query(`
      CREATE TABLE invoice (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_number integer NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        payment_id uuid NOT NULL UNIQUE REFERENCES payment (id),
        date_created timestamptz NOT NULL DEFAULT now(),
        currency text NOT NULL,
        amount integer NOT NULL,
        description text NOT NULL,
        customer_name text NOT NULL,
        customer_email text NOT NULL,
        customer_address jsonb NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX invoice_user ON invoice (user_id, date_created DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['invoice', 'invoice_counter', 'credit', 'credit_pack', 'payment', 'price_setting']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
