// The large data set for benchmarks: customers, engineers, parts, chairs, support tickets and
// service requests in the tens of thousands, inserted set-based (jsonb_populate_recordset, in
// chunks) in one transaction. Deterministic: a seeded pseudo-random generator (no Math.random) and
// ids derived from (seed, kind, index), so a bench run on a fresh database is repeatable. Use a
// different seed to add a second set to the same database.
import type { Database, Queryable } from '../db/database';
import {
  modelName,
  modelOptions,
  type ChairConfiguration,
  type ChairModel,
} from '../../src/domain/chair-models';
import { insertRows, withStoredUpdatedAt, withoutInsertPokes } from './insert-rows';

export interface LargeDataSetOptions {
  chairs?: number;
  tickets?: number;
  serviceRequests?: number;
  parts?: number;
  customers?: number;
  engineers?: number;
  /** Part requests and training resources: none unless asked (the admin lists' bench asks). */
  partRequests?: number;
  trainingResources?: number;
  /** Pseudo-random seed (default 1); also part of every generated id, serial and e-mail. */
  seed?: number;
}

export interface LargeDataSetCounts {
  customers: number;
  engineers: number;
  parts: number;
  chairs: number;
  tickets: number;
  serviceRequests: number;
  partRequests: number;
  trainingResources: number;
  durationMs: number;
}

const CHUNK = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** mulberry32: a small, fast, seeded 32-bit generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => {
    const value = list[int(list.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  };
  /** Picks by weight: [[value, weight], ...]. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}

const KIND = {
  customer: 0xb001,
  engineer: 0xb002,
  part: 0xb003,
  chair: 0xb004,
  ticket: 0xb005,
  request: 0xb006,
  partRequest: 0xb007,
  training: 0xb008,
};

function generatedId(seed: number, kind: number, index: number): string {
  const s = (seed >>> 0).toString(16).padStart(8, '0');
  return `${s}-${kind.toString(16).padStart(4, '0')}-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

const FIRST_NAMES = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Jack',
  'Mia',
  'Noah',
  'Grace',
  'Leo',
  'Freya',
  'Arthur',
  'Lily',
  'Charlie',
  'Ella',
  'Mohammed',
  'Sofia',
  'Thomas',
  'Evie',
  'Rhys',
  'Ffion',
  'Callum',
  'Eilidh',
  'Ravi',
  'Aisha',
  'Chloe',
  'Daniel',
  'Hannah',
  'Samuel',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Khan',
  'Wood',
  'Clarke',
  'Hughes',
  'Campbell',
  'Murray',
  'Singh',
  'Edwards',
  'Morgan',
  'Lewis',
  'Fraser',
  'Kelly',
];
const PLACES: readonly (readonly [town: string, postcode: string, phonePrefix: string])[] = [
  ['London', 'SW1A', '020 7946 0'],
  ['Bristol', 'BS1', '0117 496 0'],
  ['Manchester', 'M1', '0161 496 0'],
  ['Birmingham', 'B1', '0121 496 0'],
  ['Leeds', 'LS1', '0113 496 0'],
  ['Sheffield', 'S1', '0114 496 0'],
  ['Nottingham', 'NG1', '0115 496 0'],
  ['Edinburgh', 'EH1', '0131 496 0'],
  ['Glasgow', 'G1', '0141 496 0'],
  ['Liverpool', 'L1', '0151 496 0'],
  ['Cardiff', 'CF10', '029 2018 0'],
  ['Belfast', 'BT1', '028 9018 0'],
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Queen Street',
  'Mill Lane',
  'King Street',
  'The Green',
  'London Road',
];
const PRACTICE_TYPES = [
  ['DENTAL', 6],
  ['MEDICAL', 1],
  ['VETERINARY', 1],
  ['CLINIC', 2],
] as const;
const PRACTICE_SUFFIX: Record<string, string[]> = {
  DENTAL: ['Dental Practice', 'Dental Care', 'Smile Studio', 'Dental Centre'],
  MEDICAL: ['Medical Centre', 'Surgery', 'Health Centre'],
  VETERINARY: ['Veterinary Surgery', 'Vets', 'Animal Hospital'],
  CLINIC: ['Clinic', 'Day Clinic', 'Specialist Clinic'],
};
const PART_NAMES = [
  'Hydraulic pump',
  'Lift cylinder',
  'Backrest motor',
  'Headrest pad',
  'Seat cushion',
  'Foot control',
  'Turbine hose',
  'Micromotor hose',
  'Three-in-one syringe',
  'Cuspidor bowl',
  'Water bottle',
  'LED light head',
  'Control keypad',
  'Control board',
  'Pivot bearing',
  'Solenoid valve',
  'Suction hose',
  'Instrument tray',
  'Power supply',
  'Sensor switch',
];
const TICKET_TITLES = [
  'Chair will not rise',
  'Backrest stalls when reclining',
  'Water pressure drops',
  'Handpiece not spraying',
  'Light flickers',
  'Foot control unresponsive',
  'Suction weak',
  'Cuspidor slow to drain',
  'Upholstery torn',
  'Error code on control panel',
  'Grinding noise when lowering',
  'Delivery arm drifts',
  'Syringe leaking',
  'Chair stops mid-travel',
];
const HISTORY_TYPES = ['Installation', 'Annual', 'Repair', 'Maintenance', 'Inspection'] as const;
const TIMES = Array.from(
  { length: 18 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

type Row = Record<string, unknown>;

async function insertChunked(tx: Queryable, table: string, rows: readonly Row[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    count += await insertRows(tx, table, rows.slice(i, i + CHUNK));
  }
  return count;
}

/**
 * Inserts a large deterministic data set and returns how many rows of each kind it inserted.
 * Defaults: 10k chairs, 50k tickets, 20k service requests, 2k parts, 2k customers, 50 engineers.
 */
export async function generateLargeDataSet(
  db: Database,
  options: LargeDataSetOptions = {},
): Promise<LargeDataSetCounts> {
  const started = performance.now();
  const {
    chairs: chairCount = 10000,
    tickets: ticketCount = 50000,
    serviceRequests: requestCount = 20000,
    parts: partCount = 2000,
    customers: customerCount = 2000,
    engineers: engineerCount = 50,
    partRequests: partRequestCount = 0,
    trainingResources: trainingCount = 0,
    seed = 1,
  } = options;
  const rnd = generator(seed);
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  const daysAgo = (days: number) => now - days * DAY_MS;

  // ---------------------------------------------------------------- users
  const person = () => `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
  const place = () => rnd.pick(PLACES);
  const phone = (prefix: string) => `${prefix}${String(rnd.int(1000)).padStart(3, '0')}`;
  const mobile = () => `07700 900${String(rnd.int(1000)).padStart(3, '0')}`;
  const customers: Row[] = [];
  for (let i = 0; i < customerCount; i += 1) {
    const [town, postcode, prefix] = place();
    const type = rnd.weighted(PRACTICE_TYPES);
    const surname = rnd.pick(LAST_NAMES);
    const address = `${1 + rnd.int(200)} ${rnd.pick(STREETS)}, ${town} ${postcode} ${1 + rnd.int(9)}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(20)]}${'ABDEFGHJLNPQRSTUWXYZ'[rnd.int(20)]}`;
    customers.push({
      id: generatedId(seed, KIND.customer, i),
      email: `bench.${seed}.customer.${i}@example.com`,
      name: `${type === 'VETERINARY' ? '' : 'Dr. '}${rnd.pick(FIRST_NAMES)} ${surname}`,
      role: 'CUSTOMER',
      phone: mobile(),
      address,
      practice: {
        name: `${surname} ${rnd.pick(PRACTICE_SUFFIX[type] ?? ['Practice'])}`,
        type,
        address,
        phone: phone(prefix),
      },
      created_at: at(daysAgo(30 + rnd.int(2000))),
    });
  }
  const engineers: Row[] = [];
  for (let i = 0; i < engineerCount; i += 1) {
    const [town] = place();
    const cert = (name: string, expiresInDays: number | null) => ({
      name,
      issuer: 'Chairside Ltd',
      dateObtained: at(daysAgo(200 + rnd.int(1500))).slice(0, 10),
      ...(expiresInDays === null
        ? {}
        : { expiryDate: at(now + expiresInDays * DAY_MS).slice(0, 10) }),
      certificateNumber: `CCE-${seed}-${i}-${rnd.int(10000)}`,
    });
    engineers.push({
      id: generatedId(seed, KIND.engineer, i),
      email: `bench.${seed}.engineer.${i}@example.com`,
      name: person(),
      role: 'ENGINEER',
      phone: mobile(),
      address: `${1 + rnd.int(200)} ${rnd.pick(STREETS)}, ${town}`,
      engineer: {
        location: town,
        coverageAreas: [town, place()[0]],
        specializations: rnd.chance(0.5) ? ['S30 Sigma'] : ['S30 Sigma', 'U500 Ambidextrous'],
        emergencyPhone: mobile(),
        skillSets: ['Hydraulics', 'Electronics diagnostics'],
        certifications: [
          cert('Chairside Certified Engineer', -200 + rnd.int(1200)),
          cert('Electrical safety', null),
        ],
        availability: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
          dayOfWeek: d,
          isAvailable: d > 0 && d < 6 ? rnd.chance(0.9) : rnd.chance(0.2),
          startTime: '08:00',
          endTime: '17:00',
        })),
        performanceMetrics: {
          averageResolutionTime: Math.round((2 + rnd.next() * 40) * 10) / 10,
          completionRate: Math.round((60 + rnd.next() * 40) * 10) / 10,
          customerSatisfactionScore: Math.round((3.5 + rnd.next() * 1.5) * 10) / 10,
        },
      },
      created_at: at(daysAgo(100 + rnd.int(2000))),
    });
  }

  // ---------------------------------------------------------------- parts
  const parts: Row[] = [];
  for (let i = 0; i < partCount; i += 1) {
    const model: ChairModel = rnd.chance(0.6) ? 'S30' : 'U500';
    parts.push({
      id: generatedId(seed, KIND.part, i),
      name: `${rnd.pick(PART_NAMES)} ${i + 1}`,
      part_code: `${model}-B${seed}-${String(i + 1).padStart(5, '0')}`,
      model,
      price: Math.round((5 + rnd.next() * 1500) * 100) / 100,
      stock: rnd.weighted([
        [0, 2],
        [1 + rnd.int(10), 3],
        [11 + rnd.int(90), 5],
      ] as const),
      created_at: at(daysAgo(rnd.int(1000))),
    });
  }

  // ---------------------------------------------------------------- chairs
  const configuration = (model: ChairModel): ChairConfiguration => {
    const o = modelOptions(model);
    const upholsteryType = rnd.pick(o.upholsteryTypes);
    return {
      deliverySystem: rnd.pick(o.deliverySystems),
      instrumentOption: rnd.pick(o.instrumentOptions).name,
      assistantChairside: rnd.pick(o.assistantChairside),
      lighting: rnd.pick(o.lighting).name,
      footControl: rnd.pick(o.footControls),
      upholsteryType,
      upholsteryColor: rnd.pick(
        upholsteryType === 'Formed' ? o.upholsteryColours.formed : o.upholsteryColours.sewn,
      ),
      monitorBracket: rnd.pick(o.monitorBrackets),
    };
  };
  const engineerRef = () => {
    const e = engineers[rnd.int(engineers.length)];
    return e
      ? { id: e.id, name: e.name, phone: e.phone }
      : { id: null, name: 'Chairside Service', phone: '0116 496 0100' };
  };
  const chairs: Row[] = [];
  const owned: { id: string; owner: string }[] = [];
  for (let i = 0; i < chairCount; i += 1) {
    const model: ChairModel = rnd.chance(0.65) ? 'S30' : 'U500';
    const id = generatedId(seed, KIND.chair, i);
    const owner =
      customers.length > 0 ? (customers[rnd.int(customers.length)]?.id as string) : null;
    const status = owner
      ? rnd.weighted([
          ['IN_STOCK', 15],
          ['DELIVERED', 10],
          ['REGISTERED', 75],
        ] as const)
      : 'IN_STOCK';
    const deliveredDaysAgo = status === 'DELIVERED' ? rnd.int(14) : 15 + rnd.int(7 * 365);
    let warranty: Row | null = null;
    let testSheet: Row | null = null;
    let service: Row | null = null;
    if (status === 'REGISTERED') {
      const confirmed = rnd.chance(0.8);
      const extension = confirmed && rnd.chance(0.1) ? rnd.pick([3, 5]) : 0;
      warranty = {
        activatedAt: at(daysAgo(deliveredDaysAgo - 2)),
        confirmed,
        warrantyYears: 5 + extension,
        extensionPurchased: extension > 0,
        extensionYears: extension,
      };
      if (confirmed || rnd.chance(0.2)) {
        testSheet = {
          partsArrived: true,
          powersOn: true,
          movementOK: confirmed || rnd.chance(0.5),
          waterAirOK: confirmed,
          notes: '',
          submittedAt: at(daysAgo(deliveredDaysAgo - 3)),
        };
      }
      const entries = Array.from({ length: rnd.int(3) }, (_, k) => {
        const engineer = engineerRef();
        const duration = 30 + rnd.int(240);
        const warrantyWork = rnd.chance(0.5);
        return {
          id: generatedId(seed, KIND.chair + 0x100, i * 4 + k),
          type: k === 0 ? 'Installation' : rnd.pick(HISTORY_TYPES),
          date: at(daysAgo(Math.max(1, deliveredDaysAgo - k * 200 - 1))),
          engineerId: engineer.id,
          engineerName: engineer.name,
          engineerPhone: engineer.phone,
          duration,
          workPerformed: 'Routine service work.',
          partsReplaced: [],
          conditionBefore: 'Good',
          conditionAfter: 'Good',
          recommendations: 'Annual service in 12 months.',
          followUpRequired: false,
          followUpDate: null,
          warrantyWork,
          serviceRequestId: null,
          cost: warrantyWork ? 0 : duration * 1.5,
        };
      });
      service = {
        lastServiceDate: entries[entries.length - 1]?.date ?? null,
        nextServiceDue: at(now + (-60 + rnd.int(425)) * DAY_MS),
        serviceHistory: entries,
      };
      owned.push({ id, owner: owner as string });
    }
    chairs.push({
      id,
      serial_number: `${model}-B${seed}-${String(i + 1).padStart(6, '0')}`,
      model,
      model_name: modelName(model),
      configuration: configuration(model),
      delivery_date: status === 'IN_STOCK' ? null : at(daysAgo(deliveredDaysAgo)),
      owner_user_id: status === 'IN_STOCK' ? null : owner,
      status,
      warranty,
      test_sheet: testSheet,
      service,
      created_at: at(daysAgo(deliveredDaysAgo + 20)),
    });
  }
  const customerAndChair = (): { customer: string | null; chair: string | null } => {
    const chair = owned[rnd.int(owned.length)];
    if (chair && rnd.chance(0.9)) return { customer: chair.owner, chair: chair.id };
    const customer = customers[rnd.int(customers.length)];
    return { customer: (customer?.id as string | undefined) ?? null, chair: null };
  };
  const engineerId = () => (engineers[rnd.int(engineers.length)]?.id as string | undefined) ?? null;

  // ---------------------------------------------------------------- tickets
  const tickets: Row[] = [];
  for (let i = 0; i < ticketCount; i += 1) {
    const status = rnd.weighted([
      ['OPEN', 20],
      ['IN_PROGRESS', 20],
      ['RESOLVED', 40],
      ['CLOSED', 20],
    ] as const);
    const priority = rnd.weighted([
      ['LOW', 20],
      ['NORMAL', 45],
      ['HIGH', 25],
      ['URGENT', 10],
    ] as const);
    const { customer, chair } = customerAndChair();
    const engineer = status === 'OPEN' && rnd.chance(0.7) ? null : engineerId();
    const created = now - rnd.next() * 365 * DAY_MS;
    const worked = status === 'OPEN' ? 0 : (0.5 + rnd.next() * 95.5) * HOUR_MS;
    const resolved = status === 'RESOLVED' || status === 'CLOSED';
    const part = parts[rnd.int(parts.length)];
    const notes =
      engineer && status !== 'OPEN' && rnd.chance(0.3)
        ? {
            workPerformed: 'Diagnosed and repaired on site.',
            timeSpent: 15 + rnd.int(240),
            workType: rnd.weighted([
              ['WARRANTY', 6],
              ['DAMAGE', 1],
              ['OUT_OF_WARRANTY', 3],
            ] as const),
            damageDescription: '',
            conditionReport: {
              beforeService: 'Fault reported',
              afterService: 'Working',
              recommendations: '',
            },
            followUpRequired: false,
            followUpNotes: '',
            completedAt: resolved ? at(created + worked) : null,
            partsUsed: part
              ? [
                  {
                    lineId: generatedId(seed, KIND.ticket + 0x100, i),
                    partId: part.id,
                    partName: part.name,
                    partCode: part.part_code,
                    price: part.price,
                    quantity: 1 + rnd.int(2),
                    condition: 'NEW',
                  },
                ]
              : [],
          }
        : null;
    tickets.push({
      id: generatedId(seed, KIND.ticket, i),
      title: rnd.pick(TICKET_TITLES),
      description: 'Reported by the practice; see the chair for details of the fault.',
      status,
      priority,
      customer_user_id: customer,
      engineer_user_id: engineer,
      chair_id: chair,
      resolution: resolved ? 'Fault repaired and chair tested through full travel.' : null,
      service_notes: notes,
      created_at: at(created),
      updated_at: at(Math.min(now, created + worked)),
    });
  }

  // ---------------------------------------------------------------- service requests
  const requests: Row[] = [];
  for (let i = 0; i < requestCount; i += 1) {
    const status = rnd.weighted([
      ['PENDING', 30],
      ['SCHEDULED', 25],
      ['COMPLETED', 35],
      ['CANCELLED', 10],
    ] as const);
    const { customer, chair } = customerAndChair();
    const future = status === 'PENDING' || status === 'SCHEDULED';
    const offsetDays = future ? 1 + rnd.int(14) : -(1 + rnd.int(365));
    const date = at(now + offsetDays * DAY_MS).slice(0, 10);
    const time = rnd.pick(TIMES);
    const engineer = status === 'SCHEDULED' || status === 'COMPLETED' ? engineerId() : null;
    requests.push({
      id: generatedId(seed, KIND.request, i),
      customer_user_id: customer,
      chair_id: chair,
      preferred_date: date,
      preferred_time: time,
      notes: rnd.chance(0.5) ? 'Annual service please.' : null,
      status,
      scheduled_date: engineer ? date : null,
      scheduled_time: engineer ? time : null,
      duration: engineer ? 60 + 30 * rnd.int(6) : null,
      location: null,
      engineer_user_id: engineer,
      confirmed_at: engineer ? at(now + (Math.min(offsetDays, 0) - 2) * DAY_MS) : null,
      cancellation_reason: status === 'CANCELLED' ? 'Practice closed on the requested date.' : null,
      created_at: at(now + (Math.min(offsetDays, 0) - 5 - rnd.int(10)) * DAY_MS),
    });
  }

  // ---------------------------------------------------------------- part requests
  // Drawn after everything else, so asking for them leaves the rows above as they were.
  const partRequests: Row[] = [];
  for (let i = 0; i < partRequestCount; i += 1) {
    const { customer, chair } = customerAndChair();
    const lines = Array.from({ length: 1 + rnd.int(3) }, () => parts[rnd.int(parts.length)])
      .filter((part) => part !== undefined)
      .map((part) => ({ partId: part.id, qty: 1 + rnd.int(3) }));
    partRequests.push({
      id: generatedId(seed, KIND.partRequest, i),
      user_id: customer,
      chair_id: chair,
      items: lines,
      status: rnd.weighted([
        ['PENDING', 30],
        ['QUOTED', 20],
        ['ORDERED', 20],
        ['FULFILLED', 25],
        ['CANCELLED', 5],
      ] as const),
      notes: rnd.chance(0.4) ? 'Please quote for delivery this week.' : null,
      created_at: at(daysAgo(rnd.int(365))),
    });
  }

  // ---------------------------------------------------------------- training resources
  const training: Row[] = [];
  for (let i = 0; i < trainingCount; i += 1) {
    const type = rnd.weighted([
      ['VIDEO', 4],
      ['PDF', 4],
      ['FAQ', 2],
    ] as const);
    const subject = `${rnd.pick(PART_NAMES)} ${i + 1}`;
    training.push({
      id: generatedId(seed, KIND.training, i),
      title: `${subject}: ${type === 'FAQ' ? 'common questions' : 'service procedure'}`,
      type,
      url: type === 'FAQ' ? null : `https://training.example.com/${seed}/${i}`,
      content: type === 'FAQ' ? `How often should the ${subject.toLowerCase()} be checked?` : null,
      created_at: at(daysAgo(rnd.int(1000))),
    });
  }

  const bulk = [
    'users',
    'parts',
    'chairs',
    'support_tickets',
    'service_requests',
    'part_requests',
    'training_resources',
  ];
  return db.transaction((tx) =>
    withoutInsertPokes(tx, bulk, async () => {
      const users = await insertChunked(tx, 'public.users', [...customers, ...engineers]);
      const insertedParts = await insertChunked(tx, 'public.parts', parts);
      const insertedChairs = await insertChunked(tx, 'public.chairs', chairs);
      const insertedTickets = await withStoredUpdatedAt(tx, 'support_tickets', () =>
        insertChunked(tx, 'public.support_tickets', tickets),
      );
      const insertedRequests = await insertChunked(tx, 'public.service_requests', requests);
      const insertedPartRequests = await insertChunked(tx, 'public.part_requests', partRequests);
      const insertedTraining = await insertChunked(tx, 'public.training_resources', training);
      return {
        customers: users - engineers.length,
        engineers: engineers.length,
        parts: insertedParts,
        chairs: insertedChairs,
        tickets: insertedTickets,
        serviceRequests: insertedRequests,
        partRequests: insertedPartRequests,
        trainingResources: insertedTraining,
        durationMs: Math.round(performance.now() - started),
      };
    }),
  );
}
