/** The invoices module's public entry: other modules import from here, never its files (eslint import-x/no-restricted-paths). */
export { createInvoicesService, type InvoiceFigures } from './invoices.service';
export { invoiceExpected, issueCreditNoteIn, issueInvoiceIn, type CreditParts } from './issue-tax-documents';
export { linesWithHsn } from './hsn-by-line.read-model';
