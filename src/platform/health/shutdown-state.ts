import { Injectable } from '@nestjs/common';

/** Whether this process is shutting down: readiness then answers 503 so the load balancer sends it nothing new. */
@Injectable()
export class ShutdownState {
  private since: Date | null = null;

  get draining(): boolean {
    return this.since !== null;
  }

  begin(): void {
    this.since ??= new Date();
  }
}
