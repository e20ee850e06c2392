import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailTemplates, users } from '../../db/schema';
import { builtOnceSql } from '../../db/built-once';

/*
 * Read model (docs/decisions/0015): what a paid order's confirmation mail is made from besides the
 * order, the editable template (email-templates module's table) and the shop's names (users module's
 * table), in one statement (decision 0089: one round trip fewer per paid order). Reads only.
 */

export type ConfirmationSources = {
  template: { subject: string; body: string } | undefined;
  vendor: { businessName: string | null; name: string } | undefined;
};

const sources = builtOnceSql<
  'templateName' | 'vendorId',
  {
    rows: Array<{
      subject: string | null;
      body: string | null;
      business_name: string | null;
      name: string | null;
    }>;
  }
>(
  (p) =>
    sql`select ${emailTemplates.subject} as subject, ${emailTemplates.body} as body,
          ${users.businessName} as business_name, ${users.name} as name
        from (select 1) as one
        left join ${emailTemplates} on ${emailTemplates.name} = ${p.templateName}
        left join ${users} on ${users.id} = ${p.vendorId} and ${users.type} = 'VENDOR'`,
);

export async function confirmationSourcesOf(
  tx: Tx,
  templateName: string,
  vendorId: number | null,
): Promise<ConfirmationSources> {
  const {
    rows: [row],
  } = await sources(tx, { templateName, vendorId });
  return {
    template: row?.subject != null && row.body != null ? { subject: row.subject, body: row.body } : undefined,
    vendor: row?.name != null ? { businessName: row.business_name, name: row.name } : undefined,
  };
}
