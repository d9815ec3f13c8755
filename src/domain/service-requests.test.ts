import { describe, expect, it } from 'vitest';
import {
  appointmentOnAssign,
  appointmentOnTake,
  cancellationReason,
  completeRefusal,
  isRequestOpen,
} from './service-requests';

const pending = {
  status: 'PENDING',
  preferredDate: '2031-03-04',
  preferredTime: '09:30',
  scheduledDate: null,
  scheduledTime: null,
};
const booked = {
  ...pending,
  status: 'SCHEDULED',
  scheduledDate: '2031-05-06',
  scheduledTime: '14:00',
};

describe('service request transitions (SPEC §4 Service request)', () => {
  it('PENDING and SCHEDULED are open; COMPLETED and CANCELLED are not', () => {
    expect(['PENDING', 'SCHEDULED', 'COMPLETED', 'CANCELLED'].map(isRequestOpen)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('a take or an assignment books the preferred slot unless one is scheduled', () => {
    expect(appointmentOnTake(pending)).toEqual({
      scheduledDate: '2031-03-04',
      scheduledTime: '09:30',
    });
    expect(appointmentOnTake(booked)).toEqual({
      scheduledDate: '2031-05-06',
      scheduledTime: '14:00',
    });
    expect(appointmentOnAssign(booked)).toEqual({
      scheduledDate: '2031-05-06',
      scheduledTime: '14:00',
    });
    expect(appointmentOnAssign({ ...pending, preferredTime: null })).toEqual({
      scheduledDate: null,
      scheduledTime: null,
    });
  });

  it('only a SCHEDULED request completes, and a blank reason is none', () => {
    expect(completeRefusal('SCHEDULED')).toBeNull();
    expect(completeRefusal('PENDING')).toBe('This service request is not scheduled yet');
    expect(completeRefusal('CANCELLED')).toBe('This service request is already cancelled');
    expect(cancellationReason('  ')).toBeNull();
    expect(cancellationReason(' moved ')).toBe('moved');
  });
});
