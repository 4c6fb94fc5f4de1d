// A token for a user of the embedded reference server, made up for one run.
import { randomBytes } from 'node:crypto';

export const newToken = (): string => `ref_${randomBytes(18).toString('base64url')}`;
