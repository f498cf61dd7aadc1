import { Global, Module } from '@nestjs/common';
import { Transactions } from './transaction-scope.js';

/** The unit of work every module's use cases share: one provider for the whole app. */
@Global()
@Module({ providers: [Transactions], exports: [Transactions] })
export class DatabaseModule {}
