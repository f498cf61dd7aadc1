import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'price_setting' })
export class PriceSettingOrmEntity {
  @PrimaryColumn({ type: 'text' }) currency: string;
  @Column({ name: 'draw_single', type: 'integer' }) drawSingle: number;
  @Column({ name: 'draw_10', type: 'integer' }) draw10: number;
  @Column({ name: 'draw_100', type: 'integer' }) draw100: number;
}

@Entity({ name: 'payment' })
export class PaymentOrmEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ name: 'payment_option', type: 'integer' }) paymentOption: number;
  @Column({ type: 'text' }) currency: string;
  @Column({ type: 'integer' }) amount: number;
  @Column({ type: 'text' }) method: 'card' | 'wallet';
  @Column({ type: 'text' }) gateway: string;
  @Column({ name: 'gateway_reference', type: 'text', nullable: true }) gatewayReference: string | null;
  @Column({ name: 'idempotency_key', type: 'text' }) idempotencyKey: string;
  @Column({ type: 'text' }) status: 'pending' | 'succeeded' | 'declined' | 'failed';
  @Column({ name: 'decline_message', type: 'text', nullable: true }) declineMessage: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'fulfilled_at', type: 'timestamptz', nullable: true }) fulfilledAt: Date | null;
  @Column({ name: 'paid_for', type: 'text', nullable: true }) paidFor: string | null;
}

@Entity({ name: 'credit_pack' })
export class CreditPackOrmEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) kind: 'single' | 'ten' | 'hundred' | 'manual' | 'refund' | 'trial';
  @Column({ name: 'purchase_date', type: 'timestamptz' }) purchaseDate: Date;
  @Column({ name: 'expiry_date', type: 'timestamptz' }) expiryDate: Date;
  @Column({ name: 'payment_id', type: 'uuid', nullable: true }) paymentId: string | null;
  @Column({ type: 'text', nullable: true }) note: string | null;
  @Column({ name: 'grant_key', type: 'text', nullable: true }) grantKey: string | null;
}

@Entity({ name: 'credit' })
export class CreditOrmEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'pack_id', type: 'uuid' }) packId: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'redeemed_date', type: 'timestamptz', nullable: true }) redeemedDate: Date | null;
  @Column({ name: 'redeemed_for', type: 'text', nullable: true }) redeemedFor: string | null;
}

@Entity({ name: 'invoice' })
export class InvoiceOrmEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'invoice_number', type: 'integer' }) invoiceNumber: number;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'payment_id', type: 'uuid' }) paymentId: string;
  @Column({ name: 'date_created', type: 'timestamptz' }) dateCreated: Date;
  @Column({ type: 'text' }) currency: string;
  @Column({ type: 'integer' }) amount: number;
  @Column({ type: 'text' }) description: string;
  @Column({ name: 'customer_name', type: 'text' }) customerName: string;
  @Column({ name: 'customer_email', type: 'text' }) customerEmail: string;
  @Column({ name: 'customer_address', type: 'jsonb' }) customerAddress: Record<string, string | null>;
}
