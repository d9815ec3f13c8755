import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineerPaths } from '../../../domain/paths';
import type { SupportTicket, User } from '../../../domain/entities';
import { serviceRequestRow, stamped, ticketRow, userRow } from '../../../testing/rows';
import { renderSignedIn } from '../../../testing/session';
import { ProfileScreen } from './profile-screen';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const stamp = '2026-01-01T09:00:00.000Z';
const me = {
  id: '00000000-0000-4000-8000-0000000000e1',
  email: 'james@example.com',
  name: 'James Carter',
  role: 'ENGINEER' as const,
};

const workday = (dayOfWeek: number) => ({
  dayOfWeek,
  isAvailable: true,
  startTime: '08:00',
  endTime: '17:30',
});

function engineerRow(score?: number): User {
  return userRow({
    id: me.id,
    email: me.email,
    name: me.name,
    role: 'ENGINEER',
    phone: '07700 900123',
    address: '9 Kendrick Road, Reading',
    engineer: {
      location: 'Reading, Berkshire',
      coverageAreas: ['Berkshire', 'Surrey'],
      specializations: ['S30 Sigma', 'Hydraulic systems'],
      emergencyPhone: '07700 900456',
      skillSets: ['Hydraulics', 'Electronics diagnostics'],
      certifications: [
        {
          name: 'S30 Certified',
          issuer: 'Chairside Ltd',
          dateObtained: '2024-03-05',
          expiryDate: inDays(89),
          certificateNumber: 'CCE-S30-0412',
        },
        {
          name: 'U500 Specialist',
          issuer: 'Chairside Ltd',
          dateObtained: stamp,
          expiryDate: inDays(91),
        },
        {
          name: 'PAT Testing',
          issuer: 'City & Guilds',
          dateObtained: stamp,
          expiryDate: inDays(-1),
        },
        { name: 'Infection Control', issuer: 'BDA', dateObtained: stamp },
      ],
      availability: [
        { dayOfWeek: 0, isAvailable: false, startTime: '09:00', endTime: '17:00' },
        workday(1),
        { dayOfWeek: 6, isAvailable: true, startTime: '09:00', endTime: '13:00' },
      ],
      performanceMetrics: {
        averageResolutionTime: 20,
        completionRate: 75,
        ...(score === undefined ? {} : { customerSatisfactionScore: score }),
      },
    },
    ...stamped(stamp),
  });
}

let n = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const ticket = (status: SupportTicket['status'], hours: number): SupportTicket =>
  ticketRow({
    id: nextId(),
    title: 'Chair fault',
    description: 'The chair does not move.',
    status,
    engineerUserId: me.id,
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: new Date(Date.parse('2026-02-01T08:00:00.000Z') + hours * 3600_000).toISOString(),
  });
const completedVisit = serviceRequestRow({
  id: nextId(),
  preferredDate: null,
  preferredTime: null,
  status: 'COMPLETED',
  scheduledDate: '2026-02-03',
  scheduledTime: '09:00',
  engineerUserId: me.id,
  ...stamped(stamp),
});

function renderScreen(options: { user?: User | null } = {}) {
  const row = options.user === undefined ? engineerRow(4.7) : options.user;
  return renderSignedIn(me, <ProfileScreen />, {
    path: engineerPaths.profile,
    seed: async (db) => {
      if (row) await db.users.put(row);
      // Resolved in 4 h and 6 h (average 5.0), one still open: 2 of 3 resolved.
      await db.supportTickets.bulkPut([
        ticket('RESOLVED', 4),
        ticket('CLOSED', 6),
        ticket('IN_PROGRESS', 1),
      ]);
      await db.serviceRequests.put(completedVisit);
    },
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ProfileScreen', () => {
  it('says the profile is not found when the mirror has no row', async () => {
    await renderScreen({ user: null });
    expect(await screen.findByText('Engineer profile not found')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
  });

  it('opens on Overview with identity, contact information and service coverage', async () => {
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'James Carter' })).toBeVisible();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Skills & Certifications', 'Availability', 'Performance']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Field Engineer')).toBeVisible();
    expect(screen.getByText('JC')).toBeInTheDocument(); // initials stand in for a picture
    expect(screen.getByText('Contact Information')).toBeVisible();
    expect(screen.getByText('james@example.com')).toBeVisible();
    expect(screen.getByText('07700 900123')).toBeVisible();
    const emergency = screen.getByRole('group', { name: 'Emergency phone' });
    expect(within(emergency).getByText('07700 900456')).toBeVisible();
    expect(screen.getByText('Service Coverage')).toBeVisible();
    expect(screen.getByText('Surrey')).toBeVisible();
    expect(screen.getByText('Hydraulic systems')).toBeVisible();
  });

  it('shows skills and certifications with validity on both sides of 90 days', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Skills & Certifications' }));
    expect(await screen.findByText('Technical Skills')).toBeVisible();
    expect(screen.getByText('Electronics diagnostics')).toBeVisible();
    expect(screen.getByText('Areas of Expertise')).toBeVisible();

    const soon = screen.getByRole('article', { name: 'S30 Certified' });
    expect(within(soon).getByText('Valid')).toBeVisible();
    expect(within(soon).getByText('Expires Soon')).toBeVisible();
    expect(within(soon).getByText('Obtained: Mar 5, 2024')).toBeVisible();
    expect(within(soon).getByText('Certificate #: CCE-S30-0412')).toBeVisible();

    const later = screen.getByRole('article', { name: 'U500 Specialist' });
    expect(within(later).getByText('Valid')).toBeVisible();
    expect(within(later).queryByText('Expires Soon')).toBeNull();

    const expired = screen.getByRole('article', { name: 'PAT Testing' });
    expect(within(expired).getByText('Expired')).toBeVisible();
    expect(within(expired).queryByText('Expires Soon')).toBeNull();

    const forever = screen.getByRole('article', { name: 'Infection Control' });
    expect(within(forever).getByText('No Expiry')).toBeVisible();
    expect(within(forever).queryByText(/Expires:/)).toBeNull();
  });

  it('shows the weekly schedule in 12-hour times with availability badges', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Availability' }));
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByText('8:00 AM - 5:30 PM')).toBeVisible();
    expect(within(monday).getByText('Available')).toBeVisible();
    const saturday = screen.getByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByText('9:00 AM - 1:00 PM')).toBeVisible();
    const sunday = screen.getByRole('group', { name: 'Sunday' });
    expect(within(sunday).getByText('Not Available')).toBeVisible();
    expect(screen.getByText(/contact your supervisor or use the scheduling system/)).toBeVisible();
  });

  it('computes performance from my tickets and visits, with SPEC ratings', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Performance' }));
    const resolution = await screen.findByRole('region', { name: 'Average Resolution Time' });
    expect(within(resolution).getByText('5 hours')).toBeVisible();
    expect(within(resolution).getByText('Excellent')).toBeVisible();
    // 100 - 5/24 × 100 = 79.2 → 79
    expect(within(resolution).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '79');

    const completion = screen.getByRole('region', { name: 'Completion Rate' });
    expect(within(completion).getByText('67%')).toBeVisible();
    expect(within(completion).getByText('Needs improvement')).toBeVisible();

    const satisfaction = screen.getByRole('region', { name: 'Customer Satisfaction' });
    expect(within(satisfaction).getByText('4.7/5')).toBeVisible();
    expect(within(satisfaction).getByText('94% satisfaction')).toBeVisible();
    expect(within(satisfaction).getByText('Excellent')).toBeVisible();

    const stat = (label: string) => screen.getByText(label).closest('dl') ?? document.body;
    expect(within(stat('Tickets Resolved')).getByText('2')).toBeVisible();
    expect(within(stat('Services Completed')).getByText('1')).toBeVisible();
    expect(within(stat('Total Experience')).getByText('3')).toBeVisible();
  });

  it('hides customer satisfaction when there is no score', async () => {
    const user = userEvent.setup();
    await renderScreen({ user: engineerRow() });
    await user.click(await screen.findByRole('tab', { name: 'Performance' }));
    expect(await screen.findByRole('region', { name: 'Completion Rate' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Customer Satisfaction' })).toBeNull();
  });

  it('shows every validation message in red under its field', async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByText('Leave blank to use your initials')).toBeVisible();

    await user.type(field('Profile Picture URL'), 'not a url');
    await user.clear(field('Full Name'));
    await user.clear(field('Email Address'));
    await user.type(field('Email Address'), 'james');
    await user.clear(field('Primary Location'));
    await user.clear(field('Coverage Areas'));
    await user.type(field('Coverage Areas'), ' , ');
    await user.clear(field('Specializations'));
    await user.clear(field('Skill Sets'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    for (const message of [
      'Please enter a valid URL',
      'Name is required',
      'Valid email is required',
      'Location is required',
      'Coverage areas are required',
      'Specializations are required',
      'Skill sets are required',
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(field('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await session.db.outbox.count()).toBe(0);
  });

  it('Cancel resets the form to the stored values and returns to view', async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('Primary Location'));
    await user.type(field('Primary Location'), 'Leeds');
    const form = screen.getByRole('form', { name: 'Edit profile' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeVisible();
    expect(screen.queryByText('Leeds')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field('Primary Location')).toHaveValue('Reading, Berkshire');
    expect(await session.db.outbox.count()).toBe(0);

    // The heading's Cancel leaves edit mode too.
    await user.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeVisible();
  });

  it('saves only the editable fields through the outbox and returns to view', async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '07700 900999');
    await user.clear(field('Coverage Areas'));
    await user.type(field('Coverage Areas'), ' Berkshire ,Oxfordshire,, ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // The mirror's new row is drawn as it comes (a live query's result, at a transition's priority).
    expect(await screen.findByText('Oxfordshire')).toBeVisible();

    const [entry] = await session.db.outbox.toArray();
    expect(entry?.name).toBe('profile.update');
    expect(entry?.args).toEqual({
      name: 'James Carter',
      email: 'james@example.com',
      phone: '07700 900999',
      address: '9 Kendrick Road, Reading',
      profilePictureUrl: '',
      engineer: {
        location: 'Reading, Berkshire',
        emergencyPhone: '07700 900456',
        coverageAreas: ['Berkshire', 'Oxfordshire'],
        specializations: ['S30 Sigma', 'Hydraulic systems'],
        skillSets: ['Hydraulics', 'Electronics diagnostics'],
      },
    });
    await waitFor(async () => {
      const row = await session.db.users.get(me.id);
      expect(row?.phone).toBe('07700 900999');
      expect(row?.engineer?.coverageAreas).toEqual(['Berkshire', 'Oxfordshire']);
      expect(row?.engineer?.certifications).toHaveLength(4);
      expect(row?.engineer?.availability).toHaveLength(3);
    });
  });
});
