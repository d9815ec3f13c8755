import { describe, expect, it } from 'vitest';
import {
  adminProfileSchema,
  customerProfileSchema,
  engineerProfileSchema,
  splitList,
  vendorProfileSchema,
} from './profile.schema';

const pairs = (issues: { path: PropertyKey[]; message: string }[] | undefined) =>
  issues?.map((i) => [i.path.join('.'), i.message]);

const person = { name: 'Ada', email: 'ada@example.com' };

describe('splitList', () => {
  it('splits on commas, trims and drops empty entries', () => {
    expect(splitList(' London , Kent,, ,Essex ')).toEqual(['London', 'Kent', 'Essex']);
    expect(splitList('')).toEqual([]);
  });
});

describe('customerProfileSchema', () => {
  it('accepts name and email alone, defaulting practice type to DENTAL', () => {
    expect(customerProfileSchema.parse(person).practiceType).toBe('DENTAL');
  });

  it('reports name and email with the SPEC messages', () => {
    const result = customerProfileSchema.safeParse({ name: '', email: 'bad' });
    expect(pairs(result.error?.issues)).toEqual([
      ['name', 'Name is required'],
      ['email', 'Valid email is required'],
    ]);
  });

  it('accepts an empty or valid profile picture URL and rejects others', () => {
    expect(customerProfileSchema.safeParse({ ...person, profilePictureUrl: '' }).success).toBe(
      true,
    );
    const url = 'https://cdn.example.com/me.png';
    expect(customerProfileSchema.safeParse({ ...person, profilePictureUrl: url }).success).toBe(
      true,
    );
    for (const bad of ['not a url', 'javascript:alert(1)']) {
      const result = customerProfileSchema.safeParse({ ...person, profilePictureUrl: bad });
      expect(pairs(result.error?.issues)).toEqual([
        ['profilePictureUrl', 'Please enter a valid URL'],
      ]);
    }
  });

  it('accepts the four practice types only', () => {
    for (const practiceType of ['DENTAL', 'MEDICAL', 'VETERINARY', 'CLINIC']) {
      expect(customerProfileSchema.safeParse({ ...person, practiceType }).success).toBe(true);
    }
    expect(customerProfileSchema.safeParse({ ...person, practiceType: 'SPA' }).success).toBe(false);
  });
});

describe('adminProfileSchema and vendorProfileSchema', () => {
  it('share the same rules', () => {
    expect(vendorProfileSchema).toBe(adminProfileSchema);
  });

  it('accepts optional phone and address', () => {
    const profile = { ...person, phone: '', address: '1 High St', profilePictureUrl: '' };
    expect(adminProfileSchema.parse(profile)).toEqual(profile);
  });

  it('reports name and email with the SPEC messages', () => {
    const result = adminProfileSchema.safeParse({ name: ' ', email: '' });
    expect(pairs(result.error?.issues)).toEqual([
      ['name', 'Name is required'],
      ['email', 'Valid email is required'],
    ]);
  });
});

describe('engineerProfileSchema', () => {
  const engineer = {
    ...person,
    location: 'Leeds',
    coverageAreas: 'Leeds, York',
    specializations: 'S30',
    skillSets: 'Hydraulics, Electrics',
  };

  it('accepts a complete profile with optional phones empty', () => {
    const result = engineerProfileSchema.safeParse({ ...engineer, phone: '', emergencyPhone: '' });
    expect(result.success).toBe(true);
  });

  it('reports every required field with the SPEC messages', () => {
    const result = engineerProfileSchema.safeParse({
      name: '',
      email: 'x',
      location: ' ',
      coverageAreas: '',
      specializations: ' , ',
      skillSets: '',
    });
    expect(pairs(result.error?.issues)).toEqual([
      ['name', 'Name is required'],
      ['email', 'Valid email is required'],
      ['location', 'Location is required'],
      ['coverageAreas', 'Coverage areas are required'],
      ['specializations', 'Specializations are required'],
      ['skillSets', 'Skill sets are required'],
    ]);
  });

  it('rejects an invalid profile picture URL', () => {
    const result = engineerProfileSchema.safeParse({ ...engineer, profilePictureUrl: 'pic' });
    expect(pairs(result.error?.issues)).toEqual([
      ['profilePictureUrl', 'Please enter a valid URL'],
    ]);
  });
});
