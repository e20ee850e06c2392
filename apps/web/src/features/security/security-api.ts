import {
  loginResponseSchema,
  recoveryCodesSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  userSessionsSchema,
} from '@zevar/domain';
import { api } from '../../lib/api';

/** Two-step verification and sessions (decision 0047). */
export const securityApi = {
  status: () => api.get('/user/second-factor', { schema: secondFactorStatusSchema }),
  enrol: () => api.post('/user/second-factor/enrol', undefined, { schema: secondFactorEnrolmentSchema }),
  confirm: (code: string) =>
    api.post('/user/second-factor/confirm', { code }, { schema: recoveryCodesSchema }),
  disable: (password: string, code: string) => api.post('/user/second-factor/disable', { password, code }),
  newRecoveryCodes: (password: string, code: string) =>
    api.post('/user/second-factor/recovery-codes', { password, code }, { schema: recoveryCodesSchema }),
  sessions: () => api.get('/user/sessions', { schema: userSessionsSchema }),
  endSession: (id: string) => api.delete(`/user/sessions/${encodeURIComponent(id)}`),
  signInWithCode: (challenge: string, code: string) =>
    api.post('/user/login/second-factor', { challenge, code }, { schema: loginResponseSchema }),
};
