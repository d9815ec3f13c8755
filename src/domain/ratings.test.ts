import { describe, expect, it } from 'vitest';
import {
  completionRating,
  resolutionProgress,
  resolutionRating,
  satisfactionPercent,
  satisfactionRating,
  vendorEfficiency,
  workloadBadge,
} from './ratings';

describe('resolutionRating', () => {
  it('is Excellent under 6 hours and Good at 6', () => {
    expect(resolutionRating(5.9)).toBe('Excellent');
    expect(resolutionRating(6)).toBe('Good');
  });
  it('is Good under 12 hours and Needs Improvement at 12', () => {
    expect(resolutionRating(11.9)).toBe('Good');
    expect(resolutionRating(12)).toBe('Needs Improvement');
  });
});

describe('resolutionProgress', () => {
  it('is 100 minus hours over 24 as a percent', () => {
    expect(resolutionProgress(0)).toBe(100);
    expect(resolutionProgress(6)).toBe(75);
  });
  it('floors at 0 from 24 hours on', () => {
    expect(resolutionProgress(24)).toBe(0);
    expect(resolutionProgress(30)).toBe(0);
  });
});

describe('vendorEfficiency', () => {
  it('is 100 minus average over the 6-hour target as a percent', () => {
    expect(vendorEfficiency(0)).toBe(100);
    expect(vendorEfficiency(3)).toBe(50);
  });
  it('floors at 0 from 6 hours on', () => {
    expect(vendorEfficiency(6)).toBe(0);
    expect(vendorEfficiency(9)).toBe(0);
  });
});

describe('completionRating', () => {
  it('is Excellent above 90 and Good at 90', () => {
    expect(completionRating(90.1)).toBe('Excellent');
    expect(completionRating(90)).toBe('Good');
  });
  it('is Good above 80 and Needs improvement at 80', () => {
    expect(completionRating(80.1)).toBe('Good');
    expect(completionRating(80)).toBe('Needs improvement');
  });
});

describe('satisfactionRating', () => {
  it('is Excellent above 4.5 and Good at 4.5', () => {
    expect(satisfactionRating(4.6)).toBe('Excellent');
    expect(satisfactionRating(4.5)).toBe('Good');
  });
  it('is Good above 4 and Needs Improvement at 4', () => {
    expect(satisfactionRating(4.1)).toBe('Good');
    expect(satisfactionRating(4)).toBe('Needs Improvement');
  });
  it('is null when there is no score', () => {
    expect(satisfactionRating(null)).toBeNull();
    expect(satisfactionRating(undefined)).toBeNull();
  });
});

describe('satisfactionPercent', () => {
  it('turns a score out of 5 into a percentage', () => {
    expect(satisfactionPercent(5)).toBe(100);
    expect(satisfactionPercent(4.2)).toBeCloseTo(84);
  });
});

describe('workloadBadge', () => {
  it('is destructive above 3 active tickets and secondary at 3', () => {
    expect(workloadBadge(4)).toBe('destructive');
    expect(workloadBadge(3)).toBe('secondary');
  });
  it('is secondary above 1 and default at 1 or none', () => {
    expect(workloadBadge(2)).toBe('secondary');
    expect(workloadBadge(1)).toBe('default');
    expect(workloadBadge(0)).toBe('default');
  });
});
