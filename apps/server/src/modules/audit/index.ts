/** The audit module's public entry (decision 0041): other modules record their changes through it. */
export { recordChangeIn, recordRequestIn, type AuditChange } from './record-change';
export { runAudited, type AuditScope } from './audit-scope';
export { routeEntity } from './route-entity';
