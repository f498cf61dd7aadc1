// The TypeORM CLI's data source (`npm run typeorm -- migration:show`, `npm run migration:generate -- src/migrations/Name`).
// The app builds its own connection in src/app.module.ts with the same migrations; both read DATABASE_URL.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { migrations } from './src/migrations/index.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to run the TypeORM CLI (npm start prints the embedded database is in .data/).');

export default new DataSource({
  type: 'postgres',
  url,
  entities: ['dist/src/**/*.orm-entity.js'],
  migrations,
  synchronize: false,
});
