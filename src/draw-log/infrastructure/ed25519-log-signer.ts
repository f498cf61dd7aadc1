import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DrawLogSigner } from '../application/ports/draw-log-store.port.js';

/**
 * The log's Ed25519 key (Node's crypto), made at first use and kept in the database like the local beacon's key:
 * every process signs with the same key, the first one stored.
 */
@Injectable()
export class Ed25519LogSigner implements DrawLogSigner {
  private key?: Promise<{ privateKey: ReturnType<typeof createPrivateKey>; publicKey: string }>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async publicKey(): Promise<string> {
    return (await this.load()).publicKey;
  }

  async sign(statement: Uint8Array): Promise<string> {
    return sign(null, statement, (await this.load()).privateKey).toString('hex');
  }

  private load() {
    this.key ??= this.readOrMake().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async readOrMake() {
    const made = generateKeyPairSync('ed25519');
    const publicHex = Buffer.from(made.publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('hex');
    await this.dataSource.query('INSERT INTO draw_log_key (id, private_key, public_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [
      made.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      publicHex,
    ]);
    const [row] = (await this.dataSource.query('SELECT private_key, public_key FROM draw_log_key WHERE id = 1')) as { private_key: string; public_key: string }[];
    return { privateKey: createPrivateKey(row.private_key), publicKey: row.public_key };
  }
}
