/**
 * Classifies what the backend answered to one push, the way the PowerSync connector does: retry
 * what time can fix, stop retrying what it cannot.
 *  - accepted: 2xx.
 *  - transient: no network (status 0), timeout (408), rate limit (429), any 5xx. The entry stays
 *    first in the queue and is retried with backoff; order is kept, nothing is dropped.
 *  - auth: 401 or an expired JWT. The session is refreshed, then the entry is retried.
 *  - rejected: the guarded operation refused (SQLSTATE PT409/PT400/PT403/PT404, or another 4xx):
 *    retrying the same input cannot succeed, so it goes to 'needs attention'.
 */
import type { RejectionClass } from '../src/domain/mutations';

export interface BackendError {
  code?: string | null;
  message?: string | null;
  details?: string | null;
}

export interface BackendResponse {
  status: number;
  data: unknown;
  error: BackendError | null;
}

export type Outcome =
  | { kind: 'accepted'; data: unknown }
  | { kind: 'transient'; reason: string }
  | { kind: 'auth'; reason: string }
  | { kind: 'rejected'; errorClass: RejectionClass; message: string };

const BY_CODE: Record<string, RejectionClass> = {
  PT409: 'conflict',
  PT400: 'validation',
  PT403: 'forbidden',
  PT404: 'not_found',
  '23505': 'conflict',
  '23514': 'validation',
  '22P02': 'validation',
  '42501': 'forbidden',
};

const BY_STATUS: Record<number, RejectionClass> = {
  409: 'conflict',
  403: 'forbidden',
  404: 'not_found',
};

export function classify(response: BackendResponse): Outcome {
  const { status, error } = response;
  if (!error && status >= 200 && status < 300) return { kind: 'accepted', data: response.data };
  const message = error?.message?.trim() || `The server answered ${status}`;
  if (status === 0 || status === 408 || status === 429 || status >= 500) {
    return { kind: 'transient', reason: message };
  }
  if (status === 401 || error?.code === 'PGRST301' || error?.code === 'PGRST303') {
    return { kind: 'auth', reason: message };
  }
  const errorClass =
    BY_CODE[error?.code ?? ''] ??
    (isRejectionClass(error?.details) ? error.details : undefined) ??
    BY_STATUS[status] ??
    'validation';
  return { kind: 'rejected', errorClass, message };
}

function isRejectionClass(value: unknown): value is RejectionClass {
  return (
    value === 'conflict' || value === 'validation' || value === 'forbidden' || value === 'not_found'
  );
}
