import { z } from 'zod';
import {
  balancesSchema,
  kycSchema,
  payoutRunSchema,
  tdsChallanSchema,
  tdsEntrySchema,
  tdsMonthsSchema,
  type KycStatus,
  type RecordTdsChallan,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';
import { fetchStatement } from '../../../lib/statement-api';

export type TdsQuarter = 'Q1' | 'Q2' | 'Q3' | 'Q4';

/** The back office's side of settlement (issue 24): KYC review, payout runs, balances, statements, TDS. */
export const settlementApi = {
  kycList: (status?: KycStatus) => api.get('/kyc', { query: { status }, schema: z.array(kycSchema) }),
  kyc: (vendorId: number) => api.get(`/kyc/vendor/${vendorId}`, { schema: kycSchema }),
  verifyKyc: (vendorId: number) => api.post(`/kyc/vendor/${vendorId}/verify`, {}, { schema: kycSchema }),
  approveKyc: (vendorId: number) => api.post(`/kyc/vendor/${vendorId}/approve`, {}, { schema: kycSchema }),
  rejectKyc: (vendorId: number, reason: string) =>
    api.post(`/kyc/vendor/${vendorId}/reject`, { reason }, { schema: kycSchema }),

  runs: () => api.get('/payout-runs', { schema: z.array(payoutRunSchema) }),
  createRun: (vendorIds?: number[]) =>
    api.post('/payout-runs', vendorIds ? { vendorIds } : {}, { schema: payoutRunSchema }),
  approveRun: (id: number) => api.post(`/payout-runs/${id}/approve`, {}, { schema: payoutRunSchema }),
  cancelRun: (id: number) => api.post(`/payout-runs/${id}/cancel`, {}, { schema: payoutRunSchema }),
  recordUtr: (payoutId: number, utr: string) => api.post(`/vendor-payouts/${payoutId}/utr`, { utr }),

  balances: () => api.get('/settlement/balances', { schema: balancesSchema }),
  statement: fetchStatement,
  downloadStatement: (vendorId: number, month: string) =>
    downloadFile(`/settlement/vendor/${vendorId}/statement.pdf`, `statement-${month}-${vendorId}.pdf`, {
      query: { month },
    }),

  tdsEntries: (fy: string, quarter?: TdsQuarter) =>
    api.get('/tds/entries', { query: { fy, quarter }, schema: z.array(tdsEntrySchema) }),
  tdsMonths: (fy: string) => api.get('/tds/months', { query: { fy }, schema: tdsMonthsSchema }),
  recordTdsChallan: (challan: RecordTdsChallan) =>
    api.post('/tds/challans', challan, { schema: tdsChallanSchema }),
  downloadTdsReturn: (fy: string, quarter: TdsQuarter) =>
    downloadFile('/tds/return.csv', `tds-${fy}-${quarter}.csv`, { query: { fy, quarter } }),
  downloadTdsCertificate: (vendorId: number, fy: string, quarter?: TdsQuarter) =>
    downloadFile(
      `/tds/vendor/${vendorId}/certificate.pdf`,
      `tds-certificate-${quarter ? `${fy}-${quarter}` : fy}-${vendorId}.pdf`,
      { query: { fy, quarter } },
    ),
};

export const SETTLEMENT_MSG = {
  kycLoadFailed: 'Failed to load KYC submissions',
  kycEmpty: 'No KYC submissions',
  runsLoadFailed: 'Failed to load payout runs',
  runsEmpty: 'No payout runs yet',
  balancesLoadFailed: 'Failed to load balances',
  tdsLoadFailed: 'Failed to load the TDS ledger',
  tdsEmpty: 'No tax was deducted in this period',
  tdsMonthsLoadFailed: 'Failed to load the TDS deposits',
  tdsNothingToDeposit: 'No tax was deducted this financial year',
} as const;
