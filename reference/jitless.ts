/**
 * Scalar validates with zod, which otherwise probes for `new Function` (its JIT) and trips the CSP's
 * script-src: zod's documented switch for pages under a CSP, imported before Scalar so that it is
 * set before any of Scalar's modules runs.
 */
import { config } from 'zod';

config({ jitless: true });
