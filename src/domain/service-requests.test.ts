import { describe, expect, it } from 'vitest';
import { SERVICE_TIME_SLOTS } from './customer-chairs';
import {
  CHAIR_HAS_NO_OWNER,
  CHAIR_HAS_OPEN_REQUEST,
  NOT_A_BOOKING_SLOT,
  VISIT_IN_PAST,
  appointmentOnAssign,
  appointmentOnTake,
  bookingChairRefusal,
  bookingTimeRefusal,
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

describe('booking a due chair a visit (serviceRequest.book)', () => {
  const today = '2031-03-04';
  const refusal = (day: string, time: string) =>
    bookingTimeRefusal(day, time, today, SERVICE_TIME_SLOTS);

  it('takes today or a later day, never yesterday', () => {
    expect(refusal(today, '08:00')).toBeNull();
    expect(refusal('2031-03-05', '12:30')).toBeNull();
    expect(refusal('2031-03-03', '08:00')).toBe(VISIT_IN_PAST);
  });

  it("takes SPEC §9's slots only: every 30 minutes from 08:00 to 16:30", () => {
    expect(refusal(today, '16:30')).toBeNull();
    for (const time of ['07:30', '08:15', '16:45', '17:00']) {
      expect(refusal(today, time), time).toBe(NOT_A_BOOKING_SLOT);
    }
  });

  it('needs an owner and no open request on the chair (its own request aside)', () => {
    const chair = { id: 'c1', ownerUserId: 'u1' };
    const request = (status: string, chairId = 'c1', id = 'r1') => ({ id, chairId, status });
    expect(bookingChairRefusal({ ...chair, ownerUserId: null }, [])).toBe(CHAIR_HAS_NO_OWNER);
    expect(bookingChairRefusal(chair, [])).toBeNull();
    expect(bookingChairRefusal(chair, [request('PENDING')])).toBe(CHAIR_HAS_OPEN_REQUEST);
    expect(bookingChairRefusal(chair, [request('SCHEDULED')])).toBe(CHAIR_HAS_OPEN_REQUEST);
    expect(bookingChairRefusal(chair, [request('COMPLETED'), request('CANCELLED')])).toBeNull();
    expect(bookingChairRefusal(chair, [request('PENDING', 'c2')])).toBeNull();
    // Applied again over its own request (a rebase), it is not its own obstacle.
    expect(bookingChairRefusal(chair, [request('SCHEDULED')], 'r1')).toBeNull();
  });
});
