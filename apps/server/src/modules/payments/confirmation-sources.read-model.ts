import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { emailTemplates, users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): what a paid order's confirmation mail is made from besides the
 * order, the editable template (email-templates module's table) and the shop's names (users module's
 * table), in one statement (decision 0089: one round trip fewer per paid order). Reads only.
 */

export type ConfirmationSources = {
  template: { subject: string; body: string } | undefined;
  vendor: { businessName: string | null; name: string } | undefined;
};

export async function confirmationSourcesOf(
  tx: Tx,
  templateName: string,
  vendorId: number | null,
): Promise<ConfirmationSources> {
  const [row] = await queryRows<{
    subject: string | null;
    body: string | null;
    business_name: string | null;
    name: string | null;
  }>(
    tx,
    sql`select ${emailTemplates.subject} as subject, ${emailTemplates.body} as body,
          ${users.businessName} as business_name, ${users.name} as name
        from (select 1) as one
        left join ${emailTemplates} on ${emailTemplates.name} = ${templateName}
        left join ${users} on ${users.id} = ${vendorId} and ${users.type} = 'VENDOR'`,
  );
  return {
    template: row?.subject != null && row.body != null ? { subject: row.subject, body: row.body } : undefined,
    vendor: row?.name != null ? { businessName: row.business_name, name: row.name } : undefined,
  };
}
