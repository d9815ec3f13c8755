// Photo uploads follow the outbox's rules: in order; a transient failure stops the round and keeps
// the photo (retried later with backoff); an answer of 409 means an earlier upload got there, so
// it counts as done (uploaded once); a refusal is kept on the photo with its reason. A photo is
// never deleted.
import { describe, expect, it } from 'vitest';
import type { BackendResponse } from './classify';
import { uploadPhotos, type PhotoStore } from './photo-upload';
import { ENGINEER_ID, OTHER_ENGINEER_ID, freshDatabase } from './testing/fixtures';

function photo(n: number, userId = ENGINEER_ID) {
  return {
    id: `p${n}`,
    userId,
    work: 'tickets' as const,
    workId: 'ticket-1',
    path: `tickets/ticket-1/p${n}.jpg`,
    blob: new Blob([`photo ${n}`], { type: 'image/jpeg' }),
    type: 'image/jpeg',
    createdAt: `2026-01-0${n}T10:00:00.000Z`,
    status: 'pending' as const,
    attempts: 0,
  };
}

function store(answers: BackendResponse[]): PhotoStore & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    upload: async (path) => {
      sent.push(path);
      return answers.shift() ?? { status: 200, data: null, error: null };
    },
  };
}

const answer = (status: number, message = 'x'): BackendResponse => ({
  status,
  data: null,
  error: status === 200 ? null : { message },
});

describe('uploadPhotos', () => {
  it('uploads this user’s pending photos oldest first and marks them uploaded', async () => {
    const db = freshDatabase();
    await db.photos.bulkAdd([photo(2), photo(1), photo(3, OTHER_ENGINEER_ID)]);
    const target = store([]);
    expect(await uploadPhotos(db, ENGINEER_ID, target)).toEqual({ uploaded: 2 });
    expect(target.sent).toEqual(['tickets/ticket-1/p1.jpg', 'tickets/ticket-1/p2.jpg']);
    expect((await db.photos.get('p1'))?.status).toBe('uploaded');
    expect((await db.photos.get('p3'))?.status).toBe('pending');
    // Done is done: a second round sends nothing.
    expect(await uploadPhotos(db, ENGINEER_ID, target)).toEqual({ uploaded: 0 });
    expect(target.sent).toHaveLength(2);
  });

  it('stops at a transient failure and keeps the photo for the retry, the server full included', async () => {
    const db = freshDatabase();
    await db.photos.bulkAdd([photo(1), photo(2)]);
    const target = store([answer(507, 'The server is out of storage space')]);
    const result = await uploadPhotos(db, ENGINEER_ID, target);
    expect(result.stop).toEqual({
      kind: 'transient',
      reason: 'The server is out of storage space',
    });
    expect(target.sent).toEqual(['tickets/ticket-1/p1.jpg']);
    expect(await db.photos.get('p1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'The server is out of storage space',
    });
    expect(await uploadPhotos(db, ENGINEER_ID, target)).toEqual({ uploaded: 2 });
  });

  it('takes 409 as already uploaded and keeps a refusal with its reason', async () => {
    const db = freshDatabase();
    await db.photos.bulkAdd([photo(1), photo(2)]);
    const target = store([
      answer(409, 'The resource already exists'),
      answer(403, 'new row violates row-level security policy'),
    ]);
    expect(await uploadPhotos(db, ENGINEER_ID, target)).toEqual({ uploaded: 1 });
    expect((await db.photos.get('p1'))?.status).toBe('uploaded');
    expect(await db.photos.get('p2')).toMatchObject({
      status: 'rejected',
      lastError: 'new row violates row-level security policy',
    });
    expect(await db.photos.count()).toBe(2);
  });
});
