import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

let visitors = 0;

/** A new client address for each call: the generators allow one request per address every 5 s. */
export function visitorAddress(): string {
  visitors++;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

/** POST /api/tools/GenerateRandomNumbers from a fresh address (the app must trust loopback as a proxy). */
export function generateNumbers(app: NestFastifyApplication, body: Record<string, unknown>, address = visitorAddress()) {
  return request(app.getHttpServer()).post('/api/tools/GenerateRandomNumbers').set('X-Forwarded-For', address).send(body);
}

export function download(app: NestFastifyApplication, path: string) {
  return request(app.getHttpServer())
    .get(path)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks).toString('utf8')));
    });
}

export const WHOLE_RANGE = { lowerLimit: '0', upperLimit: '999999999999999999' } as const;
