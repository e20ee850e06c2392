import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is writing, from where, through which route: opened for each admin or vendor write request. */
export type AuditScope = {
  actor: { id: number; email: string; name: string; type: string; roles: string[] } | null;
  clientAddress: string;
  method: string;
  route: string;
  requestId: string;
  at: () => Date;
  /** Records written for this request so far (its described changes); none means the route gets a generic one. */
  recorded: number;
};

const scope = new AsyncLocalStorage<AuditScope>();

/** Runs `work` in `audit`'s scope: changes recorded there name its actor and route. */
export function runAudited<T>(audit: AuditScope, work: () => T): T {
  return scope.run(audit, work);
}

export const currentAuditScope = (): AuditScope | undefined => scope.getStore();
