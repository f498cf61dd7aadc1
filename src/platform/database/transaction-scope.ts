import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, ObjectLiteral, Repository } from 'typeorm';

/**
 * One transaction across repositories of different modules (a credit grant and its audit row): a use case opens it
 * with Transactions.run, and every repository that writes through `joinTransaction` or `currentManager` takes part
 * in it. Outside a run, each repository keeps its own transactions as before.
 */
const scope = new AsyncLocalStorage<EntityManager>();

/** The unit of work use cases open (injected by class, as a plain table's repository is). */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (scope.getStore()) return work();
    return this.dataSource.transaction((manager) => scope.run(manager, work));
  }
}

/** `work` in the surrounding transaction, or in one of its own. */
export function joinTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const manager = scope.getStore();
  return manager ? work(manager) : dataSource.transaction(work);
}

/** For a single statement: the surrounding transaction's manager, or the data source's. */
export function currentManager(dataSource: DataSource): EntityManager {
  return scope.getStore() ?? dataSource.manager;
}

/** For a single statement through a table's repository: the same table in the surrounding transaction, if any. */
export function currentRepository<T extends ObjectLiteral>(repository: Repository<T>): Repository<T> {
  const manager = scope.getStore();
  return manager ? manager.getRepository(repository.target) : repository;
}

/**
 * Like joinTransaction, but a transaction it opens becomes the surrounding one: whatever `work` calls through
 * Transactions.run, joinTransaction or currentManager (another module's append to the draw log, say) commits or
 * rolls back with it.
 */
export function scopedTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const manager = scope.getStore();
  return manager ? work(manager) : dataSource.transaction((opened) => scope.run(opened, () => work(opened)));
}
