/** The mail module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { deliverDueEmails, queueEmail } from './outbox.service';
export { sanitizeEmailHtml } from './sanitize-email-html';
export {
  DEFAULT_ORDER_CONFIRMATION,
  DEFAULT_PASSWORD_RESET,
  DEFAULT_STAFF_INVITE,
  LINK_AS_TEXT,
  DEFAULT_SHIPMENT_TEMPLATES,
  DEFAULT_RETURN_TEMPLATES,
  type ReturnTemplateName,
  DELIVERY_CODE_NOTE,
  type ShipmentTemplateName,
  SAMPLE_ORDER_VARIABLES,
  escapeHtml,
  itemsTableHtml,
  renderSubject,
  renderTemplate,
} from './templates';
export type { Mailer, MailMessage } from './mailer';
export { failingMailCount } from './outbox-admin.service';
