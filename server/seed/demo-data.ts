// The local demo data set, loaded once on the local server's first start (server/main.ts; skip
// with DEMO_DATA=0). UK practices, chairs of both models in every status and warranty state,
// service histories, parts in every stock band, training of every type, tickets, service and part
// requests in every status, and the four LOCAL DEMO accounts of src/domain/demo-accounts.ts.
// Written as plain SQL inserts by the superuser (never through the guarded operations); fixed
// UUIDs keep tests and screenshots stable, and every date is relative to the moment of seeding.
import bcrypt from 'bcryptjs';
import type { Database, Queryable } from '../db/database';
import {
  defaultConfiguration,
  modelName,
  type ChairConfiguration,
  type ChairModel,
} from '../../src/domain/chair-models';
import { DEMO_ACCOUNTS, DEMO_PRACTICE_NAME, type DemoRole } from '../../src/domain/demo-accounts';

/** public.app_settings key recording that the demo data set was loaded. */
export const DEMO_DATA_SETTING = 'demo_data_loaded';
const BCRYPT_COST = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const LABOUR_RATE_PER_MINUTE = 1.5;

/** A fixed, valid UUID: kind picks the family (users, chairs, ...), n the row. */
function fixedId(kind: number, n: number): string {
  return `de${kind.toString(16).padStart(6, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const KIND = {
  user: 1,
  chair: 2,
  part: 3,
  ticket: 4,
  serviceRequest: 5,
  partRequest: 6,
  training: 7,
  history: 8,
  partLine: 9,
} as const;

/** Fixed ids of the demo users (the four demo accounts first). */
export const DEMO_USER_IDS = {
  customer: fixedId(KIND.user, 1),
  admin: fixedId(KIND.user, 2),
  engineer: fixedId(KIND.user, 3),
  vendor: fixedId(KIND.user, 4),
  harbourside: fixedId(KIND.user, 11),
  kirkstall: fixedId(KIND.user, 12),
  meadowbank: fixedId(KIND.user, 13),
  cathedral: fixedId(KIND.user, 14),
  roathPark: fixedId(KIND.user, 15),
  sophieTurner: fixedId(KIND.user, 21),
  danielOkafor: fixedId(KIND.user, 22),
  fionaMacLeod: fixedId(KIND.user, 23),
} as const;

const ACCOUNT_IDS: Record<DemoRole, string> = {
  CUSTOMER: DEMO_USER_IDS.customer,
  ADMIN: DEMO_USER_IDS.admin,
  ENGINEER: DEMO_USER_IDS.engineer,
  VENDOR: DEMO_USER_IDS.vendor,
};

/** Fixed ids of the chairs the demo customer owns and of the demo's activatable stock. */
export const DEMO_CHAIR_IDS = {
  riversideActive: fixedId(KIND.chair, 1),
  riversideExpiring: fixedId(KIND.chair, 2),
  riversidePending: fixedId(KIND.chair, 3),
  riversideExpired: fixedId(KIND.chair, 4),
  riversideDelivered: fixedId(KIND.chair, 5),
} as const;

/**
 * Serial numbers a customer can activate a warranty for in the demo: stock, and the demo
 * customer's chair delivered a few days before seeding.
 */
export const DEMO_ACTIVATABLE_SERIALS = [
  'S30-25-01001',
  'S30-25-01002',
  'U500-25-00120',
  'S30-25-00944',
  'U500-25-00118',
] as const;

type Row = Record<string, unknown>;

/**
 * Inserts rows (objects keyed by column name) in one statement through jsonb_populate_recordset.
 * Every column named by any row is listed; a row without it gets null. Returns the count.
 */
export async function insertRows(tx: Queryable, table: string, rows: readonly Row[]) {
  if (rows.length === 0) return 0;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const list = columns.map((c) => `"${c}"`).join(', ');
  const { rows: inserted } = await tx.query<{ n: number }>(
    `with ins as (
       insert into ${table} (${list})
       select ${list} from jsonb_populate_recordset(null::${table}, $1::jsonb)
       returning 1
     ) select count(*)::int as n from ins`,
    [JSON.stringify(rows)],
  );
  return inserted[0]?.n ?? 0;
}

/**
 * Runs fn with a table's updated_at trigger switched off, so seeded rows can carry the time of
 * their last real change (ticket resolution times drive the engineer metrics). Owner only; the
 * ALTERs are transactional, so call inside a transaction.
 */
export async function withStoredUpdatedAt<T>(
  tx: Queryable,
  table: 'support_tickets',
  fn: () => Promise<T>,
): Promise<T> {
  await tx.exec(`alter table public.${table} disable trigger ${table}_set_updated_at`);
  const result = await fn();
  await tx.exec(`alter table public.${table} enable trigger ${table}_set_updated_at`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// The data set, built relative to `now`.
// ---------------------------------------------------------------------------------------------

interface EngineerRef {
  id: string;
  name: string;
  phone: string;
}

interface PartDef {
  key: string;
  name: string;
  code: string;
  model: ChairModel;
  price: number;
  stock: number;
}

const PARTS: readonly PartDef[] = [
  // S30 Sigma
  {
    key: 's30Pump',
    name: 'Hydraulic pump assembly',
    code: 'S30-HYD-001',
    model: 'S30',
    price: 485,
    stock: 6,
  },
  {
    key: 's30Cylinder',
    name: 'Base lift cylinder',
    code: 'S30-HYD-014',
    model: 'S30',
    price: 320,
    stock: 3,
  },
  {
    key: 's30BackMotor',
    name: 'Backrest drive motor',
    code: 'S30-MOT-002',
    model: 'S30',
    price: 265,
    stock: 12,
  },
  {
    key: 's30Headrest',
    name: 'Headrest pad (Formed)',
    code: 'S30-UPH-011',
    model: 'S30',
    price: 78.5,
    stock: 24,
  },
  {
    key: 's30Seat',
    name: 'Seat cushion (Sewn)',
    code: 'S30-UPH-021',
    model: 'S30',
    price: 142,
    stock: 0,
  },
  {
    key: 's30Pedal',
    name: 'Foot control pedal',
    code: 'S30-FC-001',
    model: 'S30',
    price: 189,
    stock: 15,
  },
  {
    key: 's30Receiver',
    name: 'Wireless foot control receiver',
    code: 'S30-FC-010',
    model: 'S30',
    price: 215,
    stock: 4,
  },
  {
    key: 's30TurbineHose',
    name: 'Air-turbine hose (4-hole Midwest)',
    code: 'S30-INS-031',
    model: 'S30',
    price: 64.9,
    stock: 30,
  },
  {
    key: 's30MotorHose',
    name: 'Micromotor hose',
    code: 'S30-INS-032',
    model: 'S30',
    price: 118,
    stock: 9,
  },
  {
    key: 's30Syringe',
    name: 'Three-in-one syringe',
    code: 'S30-INS-040',
    model: 'S30',
    price: 96,
    stock: 18,
  },
  {
    key: 's30Cuspidor',
    name: 'Cuspidor bowl (glass)',
    code: 'S30-WTR-005',
    model: 'S30',
    price: 58,
    stock: 0,
  },
  {
    key: 's30Bottle',
    name: 'Clean water bottle system',
    code: 'S30-WTR-012',
    model: 'S30',
    price: 74.5,
    stock: 11,
  },
  {
    key: 's30LightHead',
    name: 'V5 LED light head',
    code: 'S30-LGT-005',
    model: 'S30',
    price: 1240,
    stock: 2,
  },
  {
    key: 's30Keypad',
    name: "Doctor's control panel keypad",
    code: 'S30-ELE-020',
    model: 'S30',
    price: 132,
    stock: 0,
  },
  {
    key: 's30Board',
    name: 'Main control board',
    code: 'S30-ELE-001',
    model: 'S30',
    price: 695,
    stock: 1,
  },
  // U500 Ambidextrous
  {
    key: 'u500Bearing',
    name: 'Delivery arm pivot bearing',
    code: 'U500-ARM-003',
    model: 'U500',
    price: 158,
    stock: 7,
  },
  {
    key: 'u500PivotLock',
    name: 'Ambidextrous conversion pivot lock',
    code: 'U500-ARM-011',
    model: 'U500',
    price: 92,
    stock: 0,
  },
  {
    key: 'u500Light',
    name: 'U500 LED light module',
    code: 'U500-LGT-001',
    model: 'U500',
    price: 1380,
    stock: 3,
  },
  {
    key: 'u500Sensor',
    name: 'Touchless light sensor switch',
    code: 'U500-LGT-014',
    model: 'U500',
    price: 88,
    stock: 14,
  },
  {
    key: 'u500Pump',
    name: 'Hydraulic pump',
    code: 'U500-HYD-001',
    model: 'U500',
    price: 525,
    stock: 5,
  },
  {
    key: 'u500Upholstery',
    name: 'Seat upholstery set (Formed)',
    code: 'U500-UPH-010',
    model: 'U500',
    price: 410,
    stock: 0,
  },
  {
    key: 'u500Tray',
    name: 'Instrument tray',
    code: 'U500-INS-020',
    model: 'U500',
    price: 210,
    stock: 13,
  },
  {
    key: 'u500Suction',
    name: 'Suction hose set',
    code: 'U500-WTR-008',
    model: 'U500',
    price: 46,
    stock: 40,
  },
  {
    key: 'u500Solenoid',
    name: 'Solenoid valve block',
    code: 'U500-WTR-015',
    model: 'U500',
    price: 174,
    stock: 8,
  },
  {
    key: 'u500Psu',
    name: 'Power supply unit',
    code: 'U500-ELE-002',
    model: 'U500',
    price: 298,
    stock: 0,
  },
  {
    key: 'u500Wireless',
    name: 'Wireless foot control',
    code: 'U500-FC-010',
    model: 'U500',
    price: 365,
    stock: 16,
  },
];

function part(key: string): PartDef & { id: string } {
  const index = PARTS.findIndex((p) => p.key === key);
  const def = PARTS[index];
  if (!def) throw new Error(`unknown demo part ${key}`);
  return { ...def, id: fixedId(KIND.part, index + 1) };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function config(model: ChairModel, patch: Partial<ChairConfiguration> = {}): ChairConfiguration {
  return { ...defaultConfiguration(model), ...patch };
}

/** Builds every table's rows for a seeding at `now`. */
export function buildDemoData(now: Date) {
  const at = (days: number, hours = 0) =>
    new Date(now.getTime() + days * DAY_MS + hours * HOUR_MS).toISOString();
  const day = (days: number) => at(days).slice(0, 10);
  /** Activation moment whose `years`-year warranty has `daysLeft` days remaining at `now`. */
  const activatedFor = (daysLeft: number, years: number) => {
    const d = new Date(now.getTime() + daysLeft * DAY_MS - 2 * HOUR_MS);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return d.toISOString();
  };

  const account = (role: DemoRole) => {
    const a = DEMO_ACCOUNTS.find((x) => x.role === role);
    if (!a) throw new Error(`no demo account for ${role}`);
    return a;
  };

  // ------------------------------------------------------------------ engineers
  const week = (
    hours: Record<number, [string, string] | null>,
  ): { dayOfWeek: number; isAvailable: boolean; startTime: string; endTime: string }[] =>
    [0, 1, 2, 3, 4, 5, 6].map((d) => {
      const slot = hours[d] ?? null;
      return slot
        ? { dayOfWeek: d, isAvailable: true, startTime: slot[0], endTime: slot[1] }
        : { dayOfWeek: d, isAvailable: false, startTime: '09:00', endTime: '17:00' };
    });
  const weekday: [string, string] = ['08:00', '17:00'];

  const james: EngineerRef = {
    id: DEMO_USER_IDS.engineer,
    name: account('ENGINEER').name,
    phone: '07700 900123',
  };
  const sophie: EngineerRef = {
    id: DEMO_USER_IDS.sophieTurner,
    name: 'Sophie Turner',
    phone: '07700 900214',
  };
  const daniel: EngineerRef = {
    id: DEMO_USER_IDS.danielOkafor,
    name: 'Daniel Okafor',
    phone: '07700 900387',
  };
  const fiona: EngineerRef = {
    id: DEMO_USER_IDS.fionaMacLeod,
    name: 'Fiona MacLeod',
    phone: '07700 900452',
  };

  // Stored metrics match what the demo tickets below give (SPEC §9: created to updated, resolved
  // over assigned).
  const engineerProfiles: Row[] = [
    {
      id: james.id,
      phone: james.phone,
      address: '9 Kendrick Road, Reading, Berkshire RG1 5DU',
      engineer: {
        location: 'Reading, Berkshire',
        coverageAreas: ['Berkshire', 'Surrey', 'Hampshire', 'West London'],
        specializations: ['S30 Sigma', 'U500 Ambidextrous', 'Hydraulic systems'],
        emergencyPhone: '07700 900456',
        skillSets: [
          'Hydraulics',
          'Electronics diagnostics',
          'Water line decontamination',
          'Upholstery',
        ],
        certifications: [
          {
            name: 'Chairside Certified Engineer – S30 Sigma',
            issuer: 'Chairside Ltd',
            dateObtained: day(-700),
            expiryDate: day(395),
            certificateNumber: 'CCE-S30-0412',
          },
          {
            name: 'U500 Ambidextrous Conversion Specialist',
            issuer: 'Chairside Ltd',
            dateObtained: day(-1050),
            expiryDate: day(45),
            certificateNumber: 'U500-AC-0098',
          },
          {
            name: 'Portable Appliance Testing (City & Guilds 2377)',
            issuer: 'City & Guilds',
            dateObtained: day(-1160),
            expiryDate: day(-35),
            certificateNumber: 'CG2377-55120',
          },
          {
            name: 'Infection Prevention and Control in Dental Settings',
            issuer: 'British Dental Association',
            dateObtained: day(-400),
          },
        ],
        availability: week({
          1: weekday,
          2: weekday,
          3: weekday,
          4: weekday,
          5: ['08:00', '16:00'],
          6: ['09:00', '13:00'],
        }),
        performanceMetrics: {
          averageResolutionTime: 20,
          completionRate: 75,
          customerSatisfactionScore: 4.7,
        },
      },
    },
    {
      id: sophie.id,
      phone: sophie.phone,
      address: '52 Burton Road, Didsbury, Manchester M20 3EB',
      engineer: {
        location: 'Manchester',
        coverageAreas: ['Greater Manchester', 'Cheshire', 'Lancashire', 'Merseyside'],
        specializations: ['S30 Sigma', 'Operating lights'],
        emergencyPhone: '07700 900215',
        skillSets: ['LED lighting', 'Electronics diagnostics', 'Preventive maintenance'],
        certifications: [
          {
            name: 'Chairside Certified Engineer – S30 Sigma',
            issuer: 'Chairside Ltd',
            dateObtained: day(-500),
            expiryDate: day(595),
            certificateNumber: 'CCE-S30-0527',
          },
          {
            name: 'Electrical Safety in Healthcare Premises',
            issuer: 'IET',
            dateObtained: day(-900),
            expiryDate: day(-10),
            certificateNumber: 'IET-HC-77341',
          },
        ],
        availability: week({
          1: weekday,
          2: weekday,
          3: ['08:00', '12:30'],
          4: weekday,
          5: weekday,
        }),
        performanceMetrics: {
          averageResolutionTime: 5,
          completionRate: 50,
          customerSatisfactionScore: 4.4,
        },
      },
    },
    {
      id: daniel.id,
      phone: daniel.phone,
      address: '18 Gloucester Road, Bishopston, Bristol BS7 8AE',
      engineer: {
        location: 'Bristol',
        coverageAreas: ['Bristol', 'Somerset', 'Gloucestershire', 'South Wales'],
        specializations: ['U500 Ambidextrous', 'Water systems'],
        emergencyPhone: '07700 900388',
        skillSets: ['Water line decontamination', 'Suction systems', 'Hydraulics'],
        certifications: [
          {
            name: 'U500 Ambidextrous Conversion Specialist',
            issuer: 'Chairside Ltd',
            dateObtained: day(-300),
            expiryDate: day(795),
            certificateNumber: 'U500-AC-0131',
          },
          {
            name: 'Legionella Awareness (HTM 01-05)',
            issuer: 'Water Management Society',
            dateObtained: day(-330),
            expiryDate: day(70),
          },
        ],
        availability: week({
          1: weekday,
          2: weekday,
          3: weekday,
          4: weekday,
          5: weekday,
          6: ['09:00', '12:00'],
        }),
        performanceMetrics: {
          averageResolutionTime: 40,
          completionRate: 66.7,
          customerSatisfactionScore: 4.1,
        },
      },
    },
    {
      id: fiona.id,
      phone: fiona.phone,
      address: '7 Leith Walk, Edinburgh EH6 8LN',
      engineer: {
        location: 'Edinburgh',
        coverageAreas: ['Edinburgh', 'Lothians', 'Fife', 'Glasgow'],
        specializations: ['S30 Sigma', 'U500 Ambidextrous', 'Installations'],
        emergencyPhone: '07700 900453',
        skillSets: ['Installations', 'Upholstery', 'Customer training'],
        certifications: [
          {
            name: 'Chairside Certified Engineer – U500 Ambidextrous',
            issuer: 'Chairside Ltd',
            dateObtained: day(-250),
            expiryDate: day(845),
            certificateNumber: 'CCE-U500-0203',
          },
          {
            name: 'First Aid at Work',
            issuer: 'St John Ambulance',
            dateObtained: day(-1000),
            expiryDate: day(-1000 + 3 * 365),
          },
        ],
        availability: week({ 2: weekday, 3: weekday, 4: weekday, 5: weekday }),
        performanceMetrics: {
          averageResolutionTime: 12,
          completionRate: 50,
          customerSatisfactionScore: 4.8,
        },
      },
    },
  ];

  // ------------------------------------------------------------------ customers
  interface Practice {
    name: string;
    type: 'DENTAL' | 'MEDICAL' | 'VETERINARY' | 'CLINIC';
    address: string;
    phone: string;
  }
  const riverside: Practice = {
    name: DEMO_PRACTICE_NAME,
    type: 'DENTAL',
    address: '14 Riverside Walk, Kingston upon Thames, Surrey KT1 1QN',
    phone: '020 7946 0321',
  };
  const customers: {
    id: string;
    name: string;
    email: string | null;
    phone: string;
    address: string;
    practice: Practice;
  }[] = [
    {
      id: DEMO_USER_IDS.customer,
      name: account('CUSTOMER').name,
      email: null,
      phone: '07700 900321',
      address: '27 Coombe Lane West, Kingston upon Thames KT2 7BX',
      practice: riverside,
    },
    {
      id: DEMO_USER_IDS.harbourside,
      name: 'Dr. Priya Patel',
      email: 'priya.patel@harbourside-dental.example',
      phone: '07700 900604',
      address: '3 Royal York Crescent, Clifton, Bristol BS8 4JZ',
      practice: {
        name: 'Harbourside Dental Practice',
        type: 'DENTAL',
        address: '22 Welsh Back, Bristol BS1 4RR',
        phone: '0117 496 0724',
      },
    },
    {
      id: DEMO_USER_IDS.kirkstall,
      name: 'Dr. Thomas Hughes',
      email: 'thomas.hughes@kirkstall-medical.example',
      phone: '07700 900718',
      address: '11 Vesper Road, Leeds LS5 3NU',
      practice: {
        name: 'Kirkstall Medical Centre',
        type: 'MEDICAL',
        address: '240 Kirkstall Lane, Leeds LS5 3BT',
        phone: '0113 496 0318',
      },
    },
    {
      id: DEMO_USER_IDS.meadowbank,
      name: 'Emma Whitfield MRCVS',
      email: 'emma.whitfield@meadowbank-vets.example',
      phone: '07700 900552',
      address: '4 Marchmont Crescent, Edinburgh EH9 1HN',
      practice: {
        name: 'Meadowbank Veterinary Surgery',
        type: 'VETERINARY',
        address: '61 London Road, Edinburgh EH7 5QY',
        phone: '0131 496 0552',
      },
    },
    {
      id: DEMO_USER_IDS.cathedral,
      name: 'Dr. Aisha Rahman',
      email: 'aisha.rahman@cathedral-clinic.example',
      phone: '07700 900877',
      address: '15 Chorlton Road, Manchester M15 4AT',
      practice: {
        name: 'Cathedral Quarter Clinic',
        type: 'CLINIC',
        address: '3 St Mary’s Gate, Manchester M1 1PX',
        phone: '0161 496 0877',
      },
    },
    {
      id: DEMO_USER_IDS.roathPark,
      name: 'Dr. Callum Fraser',
      email: 'callum.fraser@roathpark-dental.example',
      phone: '07700 900415',
      address: '88 Ninian Road, Cardiff CF23 5EL',
      practice: {
        name: 'Roath Park Dental Studio',
        type: 'DENTAL',
        address: '129 Wellfield Road, Cardiff CF24 3PP',
        phone: '029 2018 0415',
      },
    },
  ];
  const practiceOf = (userId: string) => customers.find((c) => c.id === userId)?.practice;

  // ------------------------------------------------------------------ users (auth + public)
  const authUsers: Row[] = [];
  const publicUsers: Row[] = [];
  const addUser = (
    user: Row & { id: string; email: string; name: string; role: DemoRole },
    createdDaysAgo: number,
  ) => {
    const createdAt = at(-createdDaysAgo);
    authUsers.push({
      id: user.id,
      email: user.email,
      raw_user_meta_data: { name: user.name, role: user.role },
      created_at: createdAt,
      updated_at: createdAt,
    });
    publicUsers.push({
      phone: null,
      address: null,
      practice: null,
      engineer: null,
      ...user,
      created_at: createdAt,
    });
  };
  for (const c of customers) {
    addUser(
      {
        id: c.id,
        email: c.email ?? account('CUSTOMER').email,
        name: c.name,
        role: 'CUSTOMER',
        phone: c.phone,
        address: c.address,
        practice: c.practice,
      },
      c.id === DEMO_USER_IDS.customer ? 900 : 400 + customers.indexOf(c) * 90,
    );
  }
  addUser(
    {
      id: DEMO_USER_IDS.admin,
      email: account('ADMIN').email,
      name: account('ADMIN').name,
      role: 'ADMIN',
      phone: '0116 496 0100',
      address: 'Chairside Ltd, Unit 4 Meridian Business Park, Leicester LE19 1WX',
    },
    1200,
  );
  addUser(
    {
      id: DEMO_USER_IDS.vendor,
      email: account('VENDOR').email,
      name: account('VENDOR').name,
      role: 'VENDOR',
      phone: '0116 496 0142',
      address: 'Chairside Ltd, Unit 4 Meridian Business Park, Leicester LE19 1WX',
    },
    1100,
  );
  const engineerEmails: Record<string, string> = {
    [james.id]: account('ENGINEER').email,
    [sophie.id]: 'sophie.turner@demo.chairside.app',
    [daniel.id]: 'daniel.okafor@demo.chairside.app',
    [fiona.id]: 'fiona.macleod@demo.chairside.app',
  };
  const engineerNames: Record<string, string> = {
    [james.id]: james.name,
    [sophie.id]: sophie.name,
    [daniel.id]: daniel.name,
    [fiona.id]: fiona.name,
  };
  engineerProfiles.forEach((p, i) => {
    const id = String(p.id);
    addUser(
      {
        ...p,
        id,
        email: engineerEmails[id] ?? '',
        name: engineerNames[id] ?? '',
        role: 'ENGINEER',
      },
      1000 - i * 150,
    );
  });

  // ------------------------------------------------------------------ parts
  const parts: Row[] = PARTS.map((p, i) => ({
    id: fixedId(KIND.part, i + 1),
    name: p.name,
    part_code: p.code,
    model: p.model,
    diagram_url: null,
    price: p.price,
    stock: p.stock,
    created_at: at(-600 + i),
  }));

  // ------------------------------------------------------------------ service histories
  let historyCounter = 0;
  type HistoryType = 'Installation' | 'Annual' | 'Repair' | 'Maintenance' | 'Inspection';
  const history = (input: {
    type: HistoryType;
    daysAgo: number;
    engineer: EngineerRef;
    duration: number;
    workPerformed: string;
    parts?: { key: string; quantity: number; reason: string; condition?: string }[];
    before: string;
    after: string;
    recommendations: string;
    followUpInDays?: number;
    warrantyWork: boolean;
    serviceRequestId?: string;
  }) => {
    historyCounter += 1;
    const partsReplaced = (input.parts ?? []).map((p) => {
      const def = part(p.key);
      return {
        partName: def.name,
        partNumber: def.code,
        quantity: p.quantity,
        cost: round2(def.price * p.quantity),
        condition: p.condition ?? 'NEW',
        reason: p.reason,
      };
    });
    const partsCost = partsReplaced.reduce((sum, p) => sum + p.cost, 0);
    return {
      id: fixedId(KIND.history, historyCounter),
      type: input.type,
      date: at(-input.daysAgo),
      engineerId: input.engineer.id,
      engineerName: input.engineer.name,
      engineerPhone: input.engineer.phone,
      duration: input.duration,
      workPerformed: input.workPerformed,
      partsReplaced,
      conditionBefore: input.before,
      conditionAfter: input.after,
      recommendations: input.recommendations,
      followUpRequired: input.followUpInDays !== undefined,
      followUpDate: input.followUpInDays !== undefined ? at(input.followUpInDays) : null,
      warrantyWork: input.warrantyWork,
      serviceRequestId: input.serviceRequestId ?? null,
      cost: input.warrantyWork ? 0 : round2(input.duration * LABOUR_RATE_PER_MINUTE + partsCost),
    };
  };
  const service = (nextDueInDays: number, entries: ReturnType<typeof history>[]) => {
    const sorted = [...entries].sort((a, b) => b.date.localeCompare(a.date));
    return {
      lastServiceDate: sorted[0]?.date ?? null,
      nextServiceDue: at(nextDueInDays),
      serviceHistory: sorted,
    };
  };
  const passedSheet = (daysAgo: number, notes = '') => ({
    partsArrived: true,
    powersOn: true,
    movementOK: true,
    waterAirOK: true,
    notes,
    submittedAt: at(-daysAgo),
  });
  const warranty = (activatedAt: string, confirmed: boolean, extension = 0) => ({
    activatedAt,
    confirmed,
    warrantyYears: 5 + extension,
    extensionPurchased: extension > 0,
    extensionYears: extension,
  });

  const SR = {
    riversidePending: fixedId(KIND.serviceRequest, 1),
    kirkstallPending: fixedId(KIND.serviceRequest, 2),
    riversideScheduled: fixedId(KIND.serviceRequest, 3),
    roathScheduled: fixedId(KIND.serviceRequest, 4),
    cathedralScheduled: fixedId(KIND.serviceRequest, 5),
    riversideCompleted: fixedId(KIND.serviceRequest, 6),
    harbourCompleted: fixedId(KIND.serviceRequest, 7),
    riversideCancelled: fixedId(KIND.serviceRequest, 8),
    meadowbankCancelled: fixedId(KIND.serviceRequest, 9),
    meadowbankPending: fixedId(KIND.serviceRequest, 10),
  };

  // ------------------------------------------------------------------ chairs
  const chairs: Row[] = [];
  let chairCounter = 0;
  const addChair = (chair: {
    id?: string;
    serial: string;
    model: ChairModel;
    configuration: ChairConfiguration;
    status: 'IN_STOCK' | 'DELIVERED' | 'REGISTERED';
    owner?: string;
    deliveredDaysAgo?: number;
    warranty?: ReturnType<typeof warranty>;
    testSheet?: Row;
    service?: ReturnType<typeof service>;
    createdDaysAgo: number;
  }) => {
    chairCounter += 1;
    const id = chair.id ?? fixedId(KIND.chair, 100 + chairCounter);
    chairs.push({
      id,
      serial_number: chair.serial,
      model: chair.model,
      model_name: modelName(chair.model),
      configuration: chair.configuration,
      delivery_date: chair.deliveredDaysAgo !== undefined ? at(-chair.deliveredDaysAgo) : null,
      owner_user_id: chair.owner ?? null,
      status: chair.status,
      warranty: chair.warranty ?? null,
      test_sheet: chair.testSheet ?? null,
      service: chair.service ?? null,
      created_at: at(-chair.createdDaysAgo),
    });
    return id;
  };

  // The demo customer's chairs: active/overdue, expiring/due soon, pending, expired, delivered.
  const riversideActiveActivated = at(-735);
  addChair({
    id: DEMO_CHAIR_IDS.riversideActive,
    serial: 'S30-23-00412',
    model: 'S30',
    configuration: config('S30', {
      instrumentOption: 'Option Two',
      lighting: 'V5 3000-5500K',
      footControl: 'Wireless Pedal',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S4',
      monitorBracket: 'Monitor with Intra Oral Camera',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.customer,
    deliveredDaysAgo: 740,
    warranty: warranty(riversideActiveActivated, true),
    testSheet: passedSheet(733, 'All functions checked with the installing engineer.'),
    service: service(-12, [
      history({
        type: 'Installation',
        daysAgo: 736,
        engineer: james,
        duration: 240,
        workPerformed:
          'Installed chair, delivery unit and V5 light; connected water, air and suction; handed over to the practice team.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'First annual service in 12 months.',
        warrantyWork: true,
      }),
      history({
        type: 'Annual',
        daysAgo: 372,
        engineer: james,
        duration: 120,
        workPerformed:
          'Annual service: hydraulic oil level, upholstery and hoses inspected, water lines disinfected, safety stops tested.',
        parts: [
          { key: 's30TurbineHose', quantity: 1, reason: 'Outer sheath worn near the coupling' },
        ],
        before: 'Good',
        after: 'Excellent',
        recommendations: 'Replace the syringe seals at next visit.',
        warrantyWork: true,
      }),
      history({
        type: 'Repair',
        daysAgo: 20,
        engineer: james,
        duration: 75,
        workPerformed:
          'Replaced leaking three-in-one syringe; pressure tested the instrument block.',
        parts: [{ key: 's30Syringe', quantity: 1, reason: 'Internal seal failure causing a leak' }],
        before: 'Fair',
        after: 'Good',
        recommendations: 'Annual service is now overdue: please book.',
        followUpInDays: 10,
        warrantyWork: true,
      }),
    ]),
    createdDaysAgo: 760,
  });
  addChair({
    id: DEMO_CHAIR_IDS.riversideExpiring,
    serial: 'U500-20-00057',
    model: 'U500',
    configuration: config('U500', {
      instrumentOption: 'Option 2',
      footControl: 'Wireless Lever',
      upholsteryType: 'Formed',
      upholsteryColor: 'H7',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.customer,
    deliveredDaysAgo: 5 * 365 - 38,
    warranty: warranty(activatedFor(40, 5), true),
    testSheet: passedSheet(5 * 365 - 42),
    service: service(18, [
      history({
        type: 'Installation',
        daysAgo: 5 * 365 - 39,
        engineer: sophie,
        duration: 300,
        workPerformed:
          'Installed U500 for right-handed use with the ambidextrous conversion demonstrated.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'Train all clinicians on the conversion procedure.',
        warrantyWork: true,
      }),
      history({
        type: 'Maintenance',
        daysAgo: 700,
        engineer: james,
        duration: 90,
        workPerformed:
          'Re-tensioned delivery arm; cleaned suction filters; replaced suction hoses.',
        parts: [{ key: 'u500Suction', quantity: 1, reason: 'Hoses hardened and cracked' }],
        before: 'Good',
        after: 'Good',
        recommendations: 'Keep to the weekly suction cleaning routine.',
        warrantyWork: true,
      }),
      history({
        type: 'Inspection',
        daysAgo: 200,
        engineer: james,
        duration: 45,
        workPerformed:
          'Inspection after a reported drift of the delivery arm; pivot bearing showing wear.',
        before: 'Fair',
        after: 'Fair',
        recommendations: 'Replace the pivot bearing at the next service.',
        followUpInDays: 5,
        warrantyWork: false,
      }),
      history({
        type: 'Annual',
        daysAgo: 347,
        engineer: james,
        duration: 120,
        workPerformed: 'Annual service including light module and touchless sensor calibration.',
        parts: [
          { key: 'u500Sensor', quantity: 1, reason: 'Sensor intermittently failing to switch' },
        ],
        before: 'Good',
        after: 'Excellent',
        recommendations: 'Warranty ends soon: consider the 3 or 5 year extension.',
        warrantyWork: true,
      }),
    ]),
    createdDaysAgo: 5 * 365 - 30,
  });
  addChair({
    id: DEMO_CHAIR_IDS.riversidePending,
    serial: 'S30-25-00931',
    model: 'S30',
    configuration: config('S30', {
      deliverySystem: 'Traditional Whip',
      assistantChairside: 'European',
      lighting: 'V2 5000K',
      footControl: 'Lever',
      upholsteryColor: 'H3',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.customer,
    deliveredDaysAgo: 7,
    warranty: warranty(at(-5), false),
    service: service(360, []),
    createdDaysAgo: 60,
  });
  addChair({
    id: DEMO_CHAIR_IDS.riversideExpired,
    serial: 'S30-19-00088',
    model: 'S30',
    configuration: config('S30', {
      deliverySystem: 'Mobile Cart',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S11',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.customer,
    deliveredDaysAgo: 6 * 365 + 20,
    warranty: warranty(activatedFor(-380, 5), true),
    testSheet: passedSheet(6 * 365 + 10),
    service: service(150, [
      history({
        type: 'Installation',
        daysAgo: 6 * 365 + 15,
        engineer: james,
        duration: 210,
        workPerformed: 'Installed chair with mobile cart delivery.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'Annual service every 12 months.',
        warrantyWork: true,
      }),
      history({
        type: 'Repair',
        daysAgo: 400,
        engineer: daniel,
        duration: 150,
        workPerformed: 'Replaced the base lift cylinder after a slow descent was reported.',
        parts: [
          { key: 's30Cylinder', quantity: 1, reason: 'Internal leak; chair sank under load' },
        ],
        before: 'Poor',
        after: 'Good',
        recommendations: 'Warranty has expired: consider an extension.',
        warrantyWork: false,
      }),
      history({
        type: 'Annual',
        daysAgo: 215,
        engineer: james,
        duration: 130,
        workPerformed: 'Annual service; cuspidor bowl and water bottle system replaced.',
        parts: [
          { key: 's30Cuspidor', quantity: 1, reason: 'Chipped glass' },
          { key: 's30Bottle', quantity: 1, reason: 'Cap thread worn', condition: 'REFURBISHED' },
        ],
        before: 'Fair',
        after: 'Good',
        recommendations: 'Upholstery is worn on the seat edge; budget for replacement.',
        warrantyWork: false,
        serviceRequestId: SR.riversideCompleted,
      }),
    ]),
    createdDaysAgo: 6 * 365 + 40,
  });
  addChair({
    id: DEMO_CHAIR_IDS.riversideDelivered,
    serial: 'U500-25-00118',
    model: 'U500',
    configuration: config('U500', {
      monitorBracket: 'Monitor with Intra Oral Camera',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S2',
    }),
    status: 'DELIVERED',
    owner: DEMO_USER_IDS.customer,
    deliveredDaysAgo: 4,
    createdDaysAgo: 45,
  });

  // Other customers' chairs.
  const harbourU500 = addChair({
    serial: 'U500-22-00019',
    model: 'U500',
    configuration: config('U500', { footControl: 'Wireless Pedal', upholsteryColor: 'H12' }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.harbourside,
    deliveredDaysAgo: 3 * 365,
    warranty: warranty(at(-3 * 365 + 3), true),
    testSheet: passedSheet(3 * 365 - 5),
    service: service(210, [
      history({
        type: 'Installation',
        daysAgo: 3 * 365 - 2,
        engineer: daniel,
        duration: 280,
        workPerformed: 'Installed U500 for left-handed use.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'None.',
        warrantyWork: true,
      }),
      history({
        type: 'Annual',
        daysAgo: 120,
        engineer: daniel,
        duration: 110,
        workPerformed: 'Annual service; solenoid valve block replaced after water hammer.',
        parts: [{ key: 'u500Solenoid', quantity: 1, reason: 'Valve sticking open' }],
        before: 'Good',
        after: 'Excellent',
        recommendations: 'Fit a pressure regulator on the mains feed.',
        warrantyWork: true,
        serviceRequestId: SR.harbourCompleted,
      }),
    ]),
    createdDaysAgo: 3 * 365 + 20,
  });
  const harbourS30 = addChair({
    serial: 'S30-24-00160',
    model: 'S30',
    configuration: config('S30', { instrumentOption: 'Option Two', lighting: 'V2 5000K' }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.harbourside,
    deliveredDaysAgo: 30,
    warranty: warranty(at(-28), false),
    testSheet: {
      ...passedSheet(26, 'Water and air to the handpieces is weak; engineer requested.'),
      waterAirOK: false,
    },
    service: service(335, [
      history({
        type: 'Installation',
        daysAgo: 29,
        engineer: daniel,
        duration: 230,
        workPerformed: 'Installed chair and Option Two delivery unit.',
        before: 'New',
        after: 'Good',
        recommendations: 'Recheck water pressure once the practice plumbing is finished.',
        followUpInDays: 7,
        warrantyWork: true,
      }),
    ]),
    createdDaysAgo: 90,
  });
  const kirkstallS30 = addChair({
    serial: 'S30-20-00233',
    model: 'S30',
    configuration: config('S30', {
      deliverySystem: 'Hanging Delivery',
      footControl: 'Pedal',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S9',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.kirkstall,
    deliveredDaysAgo: 6 * 365,
    warranty: warranty(at(-6 * 365 + 5), true, 3),
    testSheet: passedSheet(6 * 365 - 10),
    service: service(-40, [
      history({
        type: 'Installation',
        daysAgo: 6 * 365 - 4,
        engineer: sophie,
        duration: 220,
        workPerformed: 'Installed chair in minor-surgery room.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'None.',
        warrantyWork: true,
      }),
      history({
        type: 'Repair',
        daysAgo: 35,
        engineer: james,
        duration: 160,
        workPerformed: 'Replaced the backrest drive motor and its limit switch loom.',
        parts: [{ key: 's30BackMotor', quantity: 1, reason: 'Motor stalling under load' }],
        before: 'Poor',
        after: 'Good',
        recommendations: 'Annual service overdue: book soon.',
        warrantyWork: true,
      }),
    ]),
    createdDaysAgo: 6 * 365 + 30,
  });
  const meadowbankU500 = addChair({
    serial: 'U500-21-00044',
    model: 'U500',
    configuration: config('U500', { footControl: 'Lever', upholsteryColor: 'H2' }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.meadowbank,
    deliveredDaysAgo: 5 * 365 - 15,
    warranty: warranty(activatedFor(20, 5), true),
    testSheet: passedSheet(5 * 365 - 22),
    service: service(9, [
      history({
        type: 'Installation',
        daysAgo: 5 * 365 - 18,
        engineer: fiona,
        duration: 260,
        workPerformed: 'Installed U500 in the dental suite of the surgery.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'None.',
        warrantyWork: true,
      }),
      history({
        type: 'Maintenance',
        daysAgo: 330,
        engineer: fiona,
        duration: 95,
        workPerformed: 'Replaced headrest upholstery; lubricated arm pivots.',
        parts: [{ key: 'u500Upholstery', quantity: 1, reason: 'Claw damage to the seat cover' }],
        before: 'Fair',
        after: 'Good',
        recommendations: 'Use the protective cover during animal procedures.',
        warrantyWork: false,
      }),
    ]),
    createdDaysAgo: 5 * 365,
  });
  const cathedralDelivered = addChair({
    serial: 'S30-25-00877',
    model: 'S30',
    configuration: config('S30', {
      lighting: 'V5 3000-5500K',
      footControl: 'Wireless Lever',
      monitorBracket: 'Monitor with Intra Oral Camera',
    }),
    status: 'DELIVERED',
    owner: DEMO_USER_IDS.cathedral,
    deliveredDaysAgo: 3,
    createdDaysAgo: 30,
  });
  const cathedralOld = addChair({
    serial: 'S30-19-00505',
    model: 'S30',
    configuration: config('S30'),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.cathedral,
    deliveredDaysAgo: 5 * 365 + 110,
    warranty: warranty(activatedFor(-100, 5), false),
    service: service(60, [
      history({
        type: 'Repair',
        daysAgo: 90,
        engineer: sophie,
        duration: 100,
        workPerformed: 'Replaced flickering light head.',
        parts: [{ key: 's30LightHead', quantity: 1, reason: 'LED driver failure' }],
        before: 'Poor',
        after: 'Good',
        recommendations: 'No test sheet on record: warranty was never confirmed.',
        warrantyWork: false,
      }),
    ]),
    createdDaysAgo: 5 * 365 + 140,
  });
  const roathU500 = addChair({
    serial: 'U500-25-00102',
    model: 'U500',
    configuration: config('U500', {
      instrumentOption: 'Option 2',
      upholsteryType: 'Sewn',
      upholsteryColor: 'S14',
    }),
    status: 'REGISTERED',
    owner: DEMO_USER_IDS.roathPark,
    deliveredDaysAgo: 32,
    warranty: warranty(at(-30), true),
    testSheet: passedSheet(29, 'Everything working as expected.'),
    service: service(335, [
      history({
        type: 'Installation',
        daysAgo: 31,
        engineer: james,
        duration: 270,
        workPerformed: 'Installed U500 and converted to left-handed use on request.',
        before: 'New',
        after: 'Excellent',
        recommendations: 'Annual service in 12 months.',
        warrantyWork: true,
      }),
    ]),
    createdDaysAgo: 80,
  });

  // Stock: serials a customer can activate in the demo, plus one more of each model.
  const stock: [string, ChairModel, Partial<ChairConfiguration>][] = [
    ['S30-25-01001', 'S30', {}],
    [
      'S30-25-01002',
      'S30',
      {
        instrumentOption: 'Option Two',
        lighting: 'V2 5000K',
        upholsteryType: 'Sewn',
        upholsteryColor: 'S1',
      },
    ],
    ['U500-25-00120', 'U500', {}],
    ['S30-25-00944', 'S30', { deliverySystem: 'Mobile Cart', lighting: 'V5 3000-5500K' }],
    [
      'U500-25-00121',
      'U500',
      { instrumentOption: 'Option 2', footControl: 'Wireless Pedal', upholsteryColor: 'H9' },
    ],
  ];
  stock.forEach(([serial, model, patch], i) =>
    addChair({
      serial,
      model,
      configuration: config(model, patch),
      status: 'IN_STOCK',
      createdDaysAgo: 20 - i,
    }),
  );

  // ------------------------------------------------------------------ training
  const trainingRows: Row[] = [
    {
      type: 'VIDEO',
      title: 'S30 Sigma: daily start-up and shutdown',
      url: 'https://training.demo.chairside.app/videos/s30-daily-start-up.mp4',
    },
    {
      type: 'VIDEO',
      title: 'U500: converting between left- and right-handed working',
      url: 'https://training.demo.chairside.app/videos/u500-ambidextrous-conversion.mp4',
    },
    {
      type: 'VIDEO',
      title: 'Weekly water line disinfection',
      url: 'https://training.demo.chairside.app/videos/water-line-disinfection.mp4',
    },
    {
      type: 'PDF',
      title: 'S30 Sigma installation and service manual',
      url: 'https://training.demo.chairside.app/manuals/s30-sigma-service-manual.pdf',
    },
    {
      type: 'PDF',
      title: 'U500 Ambidextrous technical specification',
      url: 'https://training.demo.chairside.app/manuals/u500-technical-specification.pdf',
    },
    {
      type: 'PDF',
      title: 'Upholstery care and colour chart (H1-H14, S1-S16)',
      url: 'https://training.demo.chairside.app/manuals/upholstery-care.pdf',
    },
    {
      type: 'FAQ',
      title: 'How do I activate my warranty?',
      content:
        'Open Warranty Activation, enter the serial number from the plate under the seat and the delivery date. Activation must be within 14 days of delivery; the warranty is confirmed once a passing test sheet is submitted.',
    },
    {
      type: 'FAQ',
      title: 'What does the standard warranty cover?',
      content:
        'Five years of parts and labour from activation for faults in normal use. Accidental damage is not covered. You can extend by 3 or 5 years before it expires.',
    },
    {
      type: 'FAQ',
      title: 'How often should my chair be serviced?',
      content:
        'Every 12 months. Your next service date is shown on My Chairs; book through Book Service at least two weeks ahead.',
    },
    {
      type: 'FAQ',
      title: 'The chair stops moving: what should I check first?',
      content:
        'Check that the mains switch is on, the foot control is connected (or its batteries charged), and that nothing is trapped under the base; the safety stop halts movement when the base meets resistance.',
    },
  ].map((r, i) => ({
    id: fixedId(KIND.training, i + 1),
    url: null,
    content: null,
    ...r,
    created_at: at(-400 + i * 30),
  }));

  // ------------------------------------------------------------------ support tickets
  let lineCounter = 0;
  const partLine = (key: string, quantity: number, condition = 'NEW') => {
    lineCounter += 1;
    const def = part(key);
    return {
      lineId: fixedId(KIND.partLine, lineCounter),
      partId: def.id,
      partName: def.name,
      partCode: def.code,
      price: def.price,
      quantity,
      condition,
    };
  };
  const notes = (n: {
    workPerformed: string;
    timeSpent: number;
    workType: 'WARRANTY' | 'DAMAGE' | 'OUT_OF_WARRANTY';
    before: string;
    after: string;
    recommendations: string;
    partsUsed?: ReturnType<typeof partLine>[];
    damageDescription?: string;
    followUpNotes?: string;
    completedAt?: string;
  }) => ({
    workPerformed: n.workPerformed,
    timeSpent: n.timeSpent,
    workType: n.workType,
    damageDescription: n.damageDescription ?? '',
    conditionReport: {
      beforeService: n.before,
      afterService: n.after,
      recommendations: n.recommendations,
    },
    followUpRequired: n.followUpNotes !== undefined,
    followUpNotes: n.followUpNotes ?? '',
    completedAt: n.completedAt ?? null,
    partsUsed: n.partsUsed ?? [],
  });

  let ticketCounter = 0;
  const tickets: Row[] = [];
  const addTicket = (t: {
    title: string;
    description: string;
    status: 'OPEN' | 'IN_PROGRESS' | 'RESOLVED' | 'CLOSED';
    priority: 'LOW' | 'NORMAL' | 'HIGH' | 'URGENT';
    customer: string;
    chair?: string;
    engineer?: EngineerRef;
    createdHoursAgo: number;
    /** Hours from creation to the last change (resolution for RESOLVED/CLOSED). */
    hoursToUpdate?: number;
    resolution?: string;
    serviceNotes?: ReturnType<typeof notes>;
  }) => {
    ticketCounter += 1;
    const created = now.getTime() - t.createdHoursAgo * HOUR_MS;
    const updated = Math.min(now.getTime(), created + (t.hoursToUpdate ?? 0) * HOUR_MS);
    tickets.push({
      id: fixedId(KIND.ticket, ticketCounter),
      title: t.title,
      description: t.description,
      status: t.status,
      priority: t.priority,
      customer_user_id: t.customer,
      engineer_user_id: t.engineer?.id ?? null,
      chair_id: t.chair ?? null,
      resolution: t.resolution ?? null,
      service_notes: t.serviceNotes ?? null,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
    });
  };
  const done = (createdHoursAgo: number, hoursToResolve: number) =>
    new Date(now.getTime() - (createdHoursAgo - hoursToResolve) * HOUR_MS).toISOString();

  // Unassigned, open.
  addTicket({
    title: 'Chair will not rise – pump runs but base stays down',
    description:
      'Since this morning the base will not lift. The pump motor can be heard running but nothing moves. We have patients booked all afternoon.',
    status: 'OPEN',
    priority: 'URGENT',
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideActive,
    createdHoursAgo: 3,
  });
  addTicket({
    title: 'Water pressure drops during procedures',
    description:
      'Handpiece water spray weakens after about ten minutes of use and recovers after a pause.',
    status: 'OPEN',
    priority: 'HIGH',
    customer: DEMO_USER_IDS.kirkstall,
    chair: kirkstallS30,
    createdHoursAgo: 26,
  });
  addTicket({
    title: 'Headrest upholstery split along the seam',
    description:
      'The headrest cover has split about 4 cm along the seam; we have taped it for now.',
    status: 'OPEN',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    createdHoursAgo: 50,
  });
  addTicket({
    title: 'Training request: left-handed conversion',
    description:
      'Our new associate is left-handed. Could someone walk the team through converting the U500?',
    status: 'OPEN',
    priority: 'LOW',
    customer: DEMO_USER_IDS.roathPark,
    createdHoursAgo: 96,
  });
  addTicket({
    title: 'Chair stuck fully reclined',
    description:
      'The backrest is stuck in the fully reclined position and does not respond to the foot control or the panel.',
    status: 'OPEN',
    priority: 'URGENT',
    customer: DEMO_USER_IDS.cathedral,
    chair: cathedralOld,
    createdHoursAgo: 1,
  });
  // In progress.
  addTicket({
    title: 'Delivery arm drifts in left-handed set-up',
    description:
      'After converting to left-handed use the delivery arm slowly drifts down and does not hold position.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideExpiring,
    engineer: james,
    createdHoursAgo: 48,
    hoursToUpdate: 20,
    serviceNotes: notes({
      workPerformed:
        'Diagnosed worn pivot bearing; arm re-tensioned as a temporary fix. Bearing ordered.',
      timeSpent: 45,
      workType: 'WARRANTY',
      before: 'Arm drifts under instrument weight',
      after: 'Holds position, bearing still worn',
      recommendations: 'Replace pivot bearing on next visit.',
      partsUsed: [partLine('u500Bearing', 1)],
      followUpNotes: 'Return visit once the bearing arrives.',
    }),
  });
  addTicket({
    title: 'Wireless foot control unresponsive',
    description:
      'The wireless foot control stopped working after the batteries were replaced. Pairing light flashes red.',
    status: 'IN_PROGRESS',
    priority: 'URGENT',
    customer: DEMO_USER_IDS.harbourside,
    chair: harbourU500,
    engineer: james,
    createdHoursAgo: 6,
    hoursToUpdate: 2,
    serviceNotes: notes({
      workPerformed: 'Remote diagnosis: receiver not pairing. Site visit booked.',
      timeSpent: 20,
      workType: 'WARRANTY',
      before: 'Foot control not responding',
      after: 'Unchanged',
      recommendations: 'Bring spare receiver.',
    }),
  });
  addTicket({
    title: 'Operating light flickers at high intensity',
    description: 'The light flickers when set above 70% intensity. It is fine at lower settings.',
    status: 'IN_PROGRESS',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.cathedral,
    chair: cathedralOld,
    engineer: sophie,
    createdHoursAgo: 30,
    hoursToUpdate: 4,
  });
  addTicket({
    title: 'Cuspidor slow to drain',
    description: 'The cuspidor bowl drains slowly and occasionally overflows during rinsing.',
    status: 'IN_PROGRESS',
    priority: 'LOW',
    customer: DEMO_USER_IDS.harbourside,
    chair: harbourS30,
    engineer: daniel,
    createdHoursAgo: 70,
    hoursToUpdate: 24,
  });
  addTicket({
    title: 'Suction weak on the assistant side',
    description: 'High-volume suction on the assistant side has lost power over the last week.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    engineer: fiona,
    createdHoursAgo: 20,
    hoursToUpdate: 3,
  });
  // Resolved and closed, over varied durations.
  addTicket({
    title: 'Three-in-one syringe leaking',
    description: 'Water drips from the three-in-one syringe tip when not in use.',
    status: 'RESOLVED',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideActive,
    engineer: james,
    createdHoursAgo: 20 * 24,
    hoursToUpdate: 3.5,
    resolution:
      'Replaced the three-in-one syringe (internal seal failure) and pressure tested the block. No further leaks.',
    serviceNotes: notes({
      workPerformed: 'Replaced syringe; pressure tested instrument block.',
      timeSpent: 75,
      workType: 'WARRANTY',
      before: 'Syringe leaking',
      after: 'No leaks',
      recommendations: 'Book the overdue annual service.',
      partsUsed: [partLine('s30Syringe', 1)],
      completedAt: done(20 * 24, 3.5),
    }),
  });
  addTicket({
    title: 'Backrest motor stalls halfway',
    description: 'The backrest stops halfway when reclining and makes a clicking sound.',
    status: 'RESOLVED',
    priority: 'HIGH',
    customer: DEMO_USER_IDS.kirkstall,
    chair: kirkstallS30,
    engineer: james,
    createdHoursAgo: 36 * 24,
    hoursToUpdate: 26,
    resolution:
      'Backrest drive motor replaced together with its limit switch loom; full travel tested under load.',
    serviceNotes: notes({
      workPerformed: 'Replaced backrest drive motor and loom.',
      timeSpent: 160,
      workType: 'WARRANTY',
      before: 'Backrest stalling',
      after: 'Full travel restored',
      recommendations: 'Annual service due.',
      partsUsed: [partLine('s30BackMotor', 1)],
      completedAt: done(36 * 24, 26),
    }),
  });
  addTicket({
    title: 'Question about light colour temperature',
    description: 'Which light setting is best for shade matching composite restorations?',
    status: 'RESOLVED',
    priority: 'LOW',
    customer: DEMO_USER_IDS.roathPark,
    chair: roathU500,
    engineer: james,
    createdHoursAgo: 10 * 24,
    hoursToUpdate: 1.2,
    resolution: 'Explained the composite mode and 5000K setting; sent the lighting guide.',
  });
  addTicket({
    title: 'Upholstery damaged by cleaning agent',
    description: 'A solvent-based cleaner has discoloured and cracked the seat upholstery.',
    status: 'RESOLVED',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    engineer: james,
    createdHoursAgo: 60 * 24,
    hoursToUpdate: 72,
    resolution:
      'Seat upholstery replaced. Damage caused by an unapproved cleaner, so charged as damage repair.',
    serviceNotes: notes({
      workPerformed: 'Replaced seat upholstery set.',
      timeSpent: 95,
      workType: 'DAMAGE',
      damageDescription: 'Seat cover cracked and discoloured by a solvent-based cleaner.',
      before: 'Upholstery cracked',
      after: 'New upholstery fitted',
      recommendations: 'Use only approved upholstery cleaners.',
      partsUsed: [partLine('u500Upholstery', 1)],
      completedAt: done(60 * 24, 72),
    }),
  });
  addTicket({
    title: 'Light head dead after power cut',
    description: 'After a power cut the operating light does not switch on.',
    status: 'RESOLVED',
    priority: 'URGENT',
    customer: DEMO_USER_IDS.cathedral,
    chair: cathedralOld,
    engineer: sophie,
    createdHoursAgo: 90 * 24,
    hoursToUpdate: 5,
    resolution: 'LED driver failed; light head replaced.',
  });
  addTicket({
    title: 'Solenoid valve chattering',
    description: 'Loud chattering from the water unit when the handpieces are lifted.',
    status: 'RESOLVED',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.harbourside,
    chair: harbourU500,
    engineer: daniel,
    createdHoursAgo: 122 * 24,
    hoursToUpdate: 50,
    resolution:
      'Solenoid valve block replaced during the annual service; pressure regulator recommended.',
  });
  addTicket({
    title: 'Annual service follow-up: seat upholstery',
    description:
      'Following the annual service, please advise on replacing the worn seat upholstery.',
    status: 'CLOSED',
    priority: 'NORMAL',
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideExpired,
    engineer: james,
    createdHoursAgo: 200 * 24,
    hoursToUpdate: 8,
    resolution:
      'Quote for replacement seat cushion sent; the practice will order when budget allows.',
  });
  addTicket({
    title: 'Copy of installation report',
    description: 'Could we have a copy of the installation report for our CQC file?',
    status: 'CLOSED',
    priority: 'LOW',
    customer: DEMO_USER_IDS.customer,
    engineer: daniel,
    createdHoursAgo: 300 * 24,
    hoursToUpdate: 30,
    resolution: 'Installation report e-mailed to the practice manager.',
  });
  addTicket({
    title: 'Chair making grinding noise when lowering',
    description: 'A grinding noise comes from the base when lowering the chair.',
    status: 'CLOSED',
    priority: 'HIGH',
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    engineer: fiona,
    createdHoursAgo: 150 * 24,
    hoursToUpdate: 12,
    resolution: 'Base guide rails cleaned and lubricated; noise gone.',
  });
  addTicket({
    title: 'Foot pedal cable damaged',
    description: 'The foot pedal cable was crushed by a cabinet door and now works intermittently.',
    status: 'CLOSED',
    priority: 'URGENT',
    customer: DEMO_USER_IDS.kirkstall,
    chair: kirkstallS30,
    engineer: james,
    createdHoursAgo: 250 * 24,
    hoursToUpdate: 9.5,
    resolution: 'Foot control pedal replaced; cable routed away from the cabinet door.',
    serviceNotes: notes({
      workPerformed: 'Replaced foot control pedal.',
      timeSpent: 60,
      workType: 'DAMAGE',
      damageDescription: 'Cable crushed by a cabinet door.',
      before: 'Intermittent',
      after: 'Working',
      recommendations: 'Keep the cable clear of the cabinet.',
      partsUsed: [partLine('s30Pedal', 1)],
      completedAt: done(250 * 24, 9.5),
    }),
  });

  // ------------------------------------------------------------------ service requests
  const serviceRequests: Row[] = [];
  const addRequest = (
    id: string,
    r: {
      customer: string;
      chair: string;
      preferredInDays: number;
      preferredTime: string;
      notes?: string;
      status: 'PENDING' | 'SCHEDULED' | 'COMPLETED' | 'CANCELLED';
      engineer?: EngineerRef;
      scheduledInDays?: number;
      scheduledTime?: string;
      duration?: number;
      confirmedDaysAgo?: number;
      cancellationReason?: string;
      createdDaysAgo: number;
    },
  ) =>
    serviceRequests.push({
      id,
      customer_user_id: r.customer,
      chair_id: r.chair,
      preferred_date: day(r.preferredInDays),
      preferred_time: r.preferredTime,
      notes: r.notes ?? null,
      status: r.status,
      scheduled_date: r.scheduledInDays !== undefined ? day(r.scheduledInDays) : null,
      scheduled_time: r.scheduledTime ?? null,
      duration: r.duration ?? null,
      location: r.engineer ? (practiceOf(r.customer)?.address ?? null) : null,
      engineer_user_id: r.engineer?.id ?? null,
      confirmed_at: r.confirmedDaysAgo !== undefined ? at(-r.confirmedDaysAgo) : null,
      cancellation_reason: r.cancellationReason ?? null,
      created_at: at(-r.createdDaysAgo),
    });
  addRequest(SR.riversidePending, {
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideActive,
    preferredInDays: 5,
    preferredTime: '10:00',
    notes: 'Annual service is overdue. Mornings suit us best.',
    status: 'PENDING',
    createdDaysAgo: 1,
  });
  addRequest(SR.kirkstallPending, {
    customer: DEMO_USER_IDS.kirkstall,
    chair: kirkstallS30,
    preferredInDays: 9,
    preferredTime: '14:30',
    notes: 'Annual service; the room is free after 2pm.',
    status: 'PENDING',
    createdDaysAgo: 2,
  });
  addRequest(SR.meadowbankPending, {
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    preferredInDays: 12,
    preferredTime: '09:30',
    status: 'PENDING',
    createdDaysAgo: 3,
  });
  addRequest(SR.riversideScheduled, {
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideExpiring,
    preferredInDays: 2,
    preferredTime: '09:00',
    notes: 'Annual service and pivot bearing replacement.',
    status: 'SCHEDULED',
    engineer: james,
    scheduledInDays: 2,
    scheduledTime: '09:00',
    duration: 120,
    confirmedDaysAgo: 1,
    createdDaysAgo: 6,
  });
  addRequest(SR.roathScheduled, {
    customer: DEMO_USER_IDS.roathPark,
    chair: roathU500,
    preferredInDays: 4,
    preferredTime: '13:30',
    notes: 'Left-handed conversion training for the team.',
    status: 'SCHEDULED',
    engineer: james,
    scheduledInDays: 4,
    scheduledTime: '13:30',
    duration: 60,
    confirmedDaysAgo: 2,
    createdDaysAgo: 5,
  });
  addRequest(SR.cathedralScheduled, {
    customer: DEMO_USER_IDS.cathedral,
    chair: cathedralDelivered,
    preferredInDays: 3,
    preferredTime: '11:00',
    notes: 'Installation of the new S30.',
    status: 'SCHEDULED',
    engineer: sophie,
    scheduledInDays: 3,
    scheduledTime: '11:00',
    duration: 240,
    confirmedDaysAgo: 2,
    createdDaysAgo: 4,
  });
  addRequest(SR.riversideCompleted, {
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideExpired,
    preferredInDays: -216,
    preferredTime: '08:30',
    status: 'COMPLETED',
    engineer: james,
    scheduledInDays: -215,
    scheduledTime: '08:30',
    duration: 150,
    confirmedDaysAgo: 222,
    createdDaysAgo: 230,
  });
  addRequest(SR.harbourCompleted, {
    customer: DEMO_USER_IDS.harbourside,
    chair: harbourU500,
    preferredInDays: -121,
    preferredTime: '10:30',
    status: 'COMPLETED',
    engineer: daniel,
    scheduledInDays: -120,
    scheduledTime: '10:30',
    duration: 120,
    confirmedDaysAgo: 126,
    createdDaysAgo: 131,
  });
  addRequest(SR.riversideCancelled, {
    customer: DEMO_USER_IDS.customer,
    chair: DEMO_CHAIR_IDS.riversideActive,
    preferredInDays: -30,
    preferredTime: '15:00',
    status: 'CANCELLED',
    cancellationReason: 'Practice closed for refurbishment; we will rebook.',
    createdDaysAgo: 45,
  });
  addRequest(SR.meadowbankCancelled, {
    customer: DEMO_USER_IDS.meadowbank,
    chair: meadowbankU500,
    preferredInDays: -60,
    preferredTime: '12:00',
    notes: 'Inspection before the summer.',
    status: 'CANCELLED',
    engineer: fiona,
    cancellationReason:
      'Engineer unavailable on the requested date; customer booked a later visit.',
    createdDaysAgo: 70,
  });

  // ------------------------------------------------------------------ part requests
  const items = (...lines: [string, number][]) =>
    lines.map(([key, qty]) => ({ partId: part(key).id, qty }));
  const partRequests: Row[] = [
    {
      user_id: DEMO_USER_IDS.customer,
      chair_id: DEMO_CHAIR_IDS.riversideActive,
      items: items(['s30TurbineHose', 2], ['s30Headrest', 1]),
      status: 'PENDING',
      notes: 'Spare hoses to keep in the surgery.',
      created_at: at(-1),
    },
    {
      user_id: DEMO_USER_IDS.customer,
      chair_id: DEMO_CHAIR_IDS.riversideExpiring,
      items: items(['u500Suction', 1]),
      status: 'ORDERED',
      notes: null,
      created_at: at(-9),
    },
    {
      user_id: DEMO_USER_IDS.harbourside,
      chair_id: harbourS30,
      items: items(['s30Bottle', 1], ['s30Syringe', 1]),
      status: 'QUOTED',
      notes: 'Please include delivery to Bristol.',
      created_at: at(-4),
    },
    {
      user_id: DEMO_USER_IDS.kirkstall,
      chair_id: kirkstallS30,
      items: items(['s30Pedal', 1]),
      status: 'FULFILLED',
      notes: null,
      created_at: at(-40),
    },
    {
      user_id: DEMO_USER_IDS.cathedral,
      chair_id: cathedralOld,
      items: items(['s30Seat', 1]),
      status: 'CANCELLED',
      notes: 'Out of stock; will reorder later.',
      created_at: at(-25),
    },
    {
      user_id: DEMO_USER_IDS.roathPark,
      chair_id: roathU500,
      items: items(['u500Tray', 1], ['u500Sensor', 2]),
      status: 'PENDING',
      notes: null,
      created_at: at(-2),
    },
    {
      user_id: DEMO_USER_IDS.meadowbank,
      chair_id: meadowbankU500,
      items: items(['u500Upholstery', 1]),
      status: 'QUOTED',
      notes: 'Colour H2 to match.',
      created_at: at(-12),
    },
  ].map((r, i) => ({ id: fixedId(KIND.partRequest, i + 1), ...r }));

  return {
    authUsers,
    publicUsers,
    parts,
    chairs,
    trainingRows,
    tickets,
    serviceRequests,
    partRequests,
  };
}

export type DemoData = ReturnType<typeof buildDemoData>;

/**
 * Loads the demo data set unless it was loaded before (recorded under DEMO_DATA_SETTING in
 * public.app_settings) or a demo account already exists. True when this call loaded it.
 */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<boolean> {
  const already = await db.query<{ key: string }>(
    `select key from public.app_settings where key = $1
     union all select email from auth.users where id = $2 or email = $3`,
    [DEMO_DATA_SETTING, ACCOUNT_IDS.ADMIN, DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN')?.email],
  );
  if (already.rows.length > 0) return false;

  const hashes = new Map(
    await Promise.all(
      DEMO_ACCOUNTS.map(
        async (a) => [a.email, await bcrypt.hash(a.password, BCRYPT_COST)] as const,
      ),
    ),
  );
  const data = buildDemoData(now);

  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ key: string }>(
      `insert into public.app_settings (key, value) values ($1, jsonb_build_object('loadedAt', $2::text))
       on conflict (key) do nothing returning key`,
      [DEMO_DATA_SETTING, now.toISOString()],
    );
    if (claimed.rows.length === 0) return false;

    await insertRows(
      tx,
      'auth.users',
      data.authUsers.map((u) => ({
        ...u,
        encrypted_password: hashes.get(String(u.email)) ?? null,
      })),
    );
    // The sign-up trigger created the public.users rows; give them their details.
    const columns = [
      'email',
      'name',
      'role',
      'phone',
      'address',
      'practice',
      'engineer',
      'created_at',
    ];
    await tx.query(
      `insert into public.users (id, ${columns.join(', ')})
       select id, ${columns.join(', ')} from jsonb_populate_recordset(null::public.users, $1::jsonb)
       on conflict (id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [JSON.stringify(data.publicUsers)],
    );
    await insertRows(tx, 'public.parts', data.parts);
    await insertRows(tx, 'public.chairs', data.chairs);
    await insertRows(tx, 'public.training_resources', data.trainingRows);
    await withStoredUpdatedAt(tx, 'support_tickets', () =>
      insertRows(tx, 'public.support_tickets', data.tickets),
    );
    await insertRows(tx, 'public.service_requests', data.serviceRequests);
    await insertRows(tx, 'public.part_requests', data.partRequests);
    return true;
  });
}
