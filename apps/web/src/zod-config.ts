import { z } from 'zod';

// Zod probes for eval (new Function) to compile fast parsers; under the server's Content-Security-Policy
// (no 'unsafe-eval') that probe is a CSP violation. The plain parser is fast enough for our forms.
z.config({ jitless: true });
