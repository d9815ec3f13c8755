/**
 * Chairs from a spreadsheet (issue 32): the columns an import reads, the template, and each row's
 * problems in the Add Chair dialog's words (SPEC §5 Add chair: SERIAL_REQUIRED, MODEL_REQUIRED,
 * SERIAL_ALREADY_EXISTS), plus the catalogue's options (SPEC §3) and
 * serials repeated in the file. A row with no problem becomes the args of one `chair.add`, the
 * mutation the dialog queues. Pure: the existing serials are passed in.
 *
 * Columns are matched without case, spaces or punctuation ('Serial Number', 'serial_number',
 * 'serialNumber'); columns the import does not know (an exported list's Status, Owner...) are
 * ignored and named. A blank configuration cell takes the model's first option, as the dialog
 * starts with.
 */
import type { z } from 'zod';
import {
  chairModels,
  defaultConfiguration,
  modelOptions,
  upholsteryColours,
  type ChairConfiguration,
  type ChairModel,
  type UpholsteryType,
} from './chair-models';
import { SERIAL_ALREADY_EXISTS } from './chairs';
import { unguardCell } from './csv-cells';
import { MODEL_REQUIRED, mutationArgSchemas, SERIAL_REQUIRED } from './mutations';

export { MODEL_REQUIRED, SERIAL_REQUIRED };

export const SERIAL_REPEATED = 'Serial number appears more than once in this file';

type ConfigurationField = keyof ChairConfiguration;

/** A column of the import: its header as written in the template and export, and what it fills. */
export interface ChairImportColumn {
  header: string;
  /** Other spellings accepted (after normalising: lower case, letters and digits only). */
  aliases?: readonly string[];
  field: 'serialNumber' | 'model' | ConfigurationField;
  required?: boolean;
}

/** The columns, in the template's order; the configuration ones in the dialog's order. */
export const CHAIR_IMPORT_COLUMNS: readonly ChairImportColumn[] = [
  { header: 'Serial Number', aliases: ['serial'], field: 'serialNumber', required: true },
  { header: 'Model', aliases: ['modelname'], field: 'model', required: true },
  { header: 'Delivery System', field: 'deliverySystem' },
  { header: 'Instrument Option', field: 'instrumentOption' },
  { header: 'Assistant Chairside', field: 'assistantChairside' },
  { header: 'Lighting', field: 'lighting' },
  { header: 'Foot Control', field: 'footControl' },
  { header: 'Upholstery Type', field: 'upholsteryType' },
  { header: 'Upholstery Colour', aliases: ['upholsterycolor'], field: 'upholsteryColor' },
  { header: 'Monitor Bracket', field: 'monitorBracket' },
];

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

function columnOf(header: string): ChairImportColumn | undefined {
  const key = normalise(header);
  return CHAIR_IMPORT_COLUMNS.find(
    (c) => normalise(c.header) === key || normalise(c.field) === key || c.aliases?.includes(key),
  );
}

/** How a file's header maps onto the import: which header names each field, what is ignored. */
export interface ChairImportHeader {
  /** The file's header name for each field it has. */
  headers: Partial<Record<ChairImportColumn['field'], string>>;
  /** Required columns the file lacks, by their template names. */
  missing: readonly string[];
  /** The file's columns the import does not read. */
  ignored: readonly string[];
}

export function readChairImportHeader(fields: readonly string[]): ChairImportHeader {
  const headers: ChairImportHeader['headers'] = {};
  const ignored: string[] = [];
  for (const field of fields) {
    const column = columnOf(field);
    if (column && headers[column.field] === undefined) headers[column.field] = field;
    else ignored.push(field);
  }
  const missing = CHAIR_IMPORT_COLUMNS.filter((c) => c.required && !headers[c.field]).map(
    (c) => c.header,
  );
  return { headers, missing, ignored };
}

/** The words for a file whose header lacks required columns (or that has no header at all). */
export function missingColumnsMessage(missing: readonly string[]): string {
  const names = missing.map((name) => `'${name}'`).join(' and ');
  return `The file is missing the ${missing.length === 1 ? 'column' : 'columns'} ${names}. Its first row must name the columns, as in the template: ${CHAIR_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`;
}

/**
 * The rows an import skipped, as a file to fix and import again: the import's columns as the file
 * had them, then the row's number and problems (columns the import ignores).
 */
export function skippedRowsTable(rows: readonly CheckedChairRow[]): string[][] {
  const headers = CHAIR_IMPORT_COLUMNS.map((c) => c.header);
  return [
    [...headers, 'Row', 'Problems'],
    ...rows.map((r) => [
      ...headers.map((h) => r.cells[h] ?? ''),
      String(r.row),
      r.problems.join('; '),
    ]),
  ];
}

/** The template: the headers and one example row. */
export function chairImportTemplate(): { headers: string[]; example: string[] } {
  const configuration = defaultConfiguration('S30');
  return {
    headers: CHAIR_IMPORT_COLUMNS.map((c) => c.header),
    example: CHAIR_IMPORT_COLUMNS.map((c) =>
      c.field === 'serialNumber'
        ? 'S30-26-00001'
        : c.field === 'model'
          ? modelOptions('S30').modelName
          : configuration[c.field],
    ),
  };
}

/** A model from its code or name, any case: 'S30', 's30 sigma', 'U500 Ambidextrous'. */
export function modelFromText(text: string): ChairModel | null {
  const key = normalise(text);
  const found = chairModels.find(
    (m) => normalise(m.model) === key || normalise(m.modelName) === key,
  );
  return found?.model ?? null;
}

export type ChairAddArgs = z.input<(typeof mutationArgSchemas)['chair.add']>;

/** One data row of the file, checked. */
export interface CheckedChairRow {
  /** Its spreadsheet row number (the header is row 1). */
  row: number;
  serialNumber: string;
  /** The model as the file wrote it. */
  model: string;
  problems: readonly string[];
  /** The row's cells as the file had them, by the import's column headers (for a fix-up file). */
  cells: Readonly<Record<string, string>>;
  /** The chair.add args (without id) when the row has no problem. */
  chair: Omit<ChairAddArgs, 'id'> | null;
}

const optionNames = (options: readonly (string | { name: string })[]) =>
  options.map((option) => (typeof option === 'string' ? option : option.name));

/** The options offered for a configuration field of a model (SPEC §3 Model option catalogue). */
function offered(model: ChairModel, field: ConfigurationField, type: UpholsteryType): string[] {
  const options = modelOptions(model);
  switch (field) {
    case 'deliverySystem':
      return [...options.deliverySystems];
    case 'instrumentOption':
      return optionNames(options.instrumentOptions);
    case 'assistantChairside':
      return [...options.assistantChairside];
    case 'lighting':
      return optionNames(options.lighting);
    case 'footControl':
      return [...options.footControls];
    case 'upholsteryType':
      return [...options.upholsteryTypes];
    case 'upholsteryColor':
      return upholsteryColours(type);
    case 'monitorBracket':
      return [...options.monitorBrackets];
  }
}

const CONFIGURATION_COLUMNS = CHAIR_IMPORT_COLUMNS.filter(
  (c): c is ChairImportColumn & { field: ConfigurationField } =>
    c.field !== 'serialNumber' && c.field !== 'model',
);

/** The row's configuration: each cell matched to an offered option (any case), blanks defaulted. */
function readConfiguration(
  model: ChairModel,
  cell: (field: ConfigurationField) => string,
  problems: string[],
): ChairConfiguration {
  const configuration = defaultConfiguration(model);
  const typed = cell('upholsteryType');
  const type =
    modelOptions(model).upholsteryTypes.find((t) => t.toLowerCase() === typed.toLowerCase()) ??
    configuration.upholsteryType;
  if (!cell('upholsteryColor') && type !== configuration.upholsteryType) {
    configuration.upholsteryColor = upholsteryColours(type)[0] ?? '';
  }
  for (const column of CONFIGURATION_COLUMNS) {
    const text = cell(column.field);
    if (!text) continue;
    const options = offered(model, column.field, type);
    const match = options.find((option) => option.toLowerCase() === text.toLowerCase());
    if (match) {
      (configuration as Record<ConfigurationField, string>)[column.field] = match;
    } else {
      const scope =
        column.field === 'upholsteryColor' ? `${type} upholstery` : modelOptions(model).modelName;
      problems.push(`${column.header} must be one of ${options.join(', ')} for ${scope}`);
    }
  }
  return configuration;
}

/**
 * Checks the rows of a file, in order. `existingSerials` are the inventory's serials, lower-cased
 * (the server compares without case); `seen` carries the file's serials (lower-cased, with the row
 * that first had each) from one chunk to the next.
 */
export function checkChairRows(
  rows: readonly { row: number; values: Record<string, string | undefined> }[],
  header: ChairImportHeader,
  existingSerials: ReadonlySet<string>,
  seen: Map<string, number>,
): CheckedChairRow[] {
  return rows.map(({ row, values }) => {
    const cell = (field: ChairImportColumn['field']) => {
      const name = header.headers[field];
      return name === undefined ? '' : unguardCell(values[name] ?? '').trim();
    };
    const serialNumber = cell('serialNumber');
    const modelText = cell('model');
    const problems: string[] = [];
    if (!serialNumber) problems.push(SERIAL_REQUIRED);
    else {
      const key = serialNumber.toLowerCase();
      const first = seen.get(key);
      if (existingSerials.has(key)) problems.push(SERIAL_ALREADY_EXISTS);
      else if (first !== undefined) problems.push(`${SERIAL_REPEATED} (first on row ${first})`);
      else seen.set(key, row);
    }
    const model = modelText ? modelFromText(modelText) : null;
    if (!modelText) problems.push(MODEL_REQUIRED);
    else if (!model) {
      problems.push(
        `Model must be ${chairModels.map((m) => `${m.model} (${m.modelName})`).join(' or ')}`,
      );
    }
    const configuration = model ? readConfiguration(model, cell, problems) : undefined;
    let chair: CheckedChairRow['chair'] = null;
    if (problems.length === 0 && model) {
      // The mutation's own schema has the last word, as it has for the dialog.
      const args = { serialNumber, model, configuration };
      const parsed = mutationArgSchemas['chair.add'].omit({ id: true }).safeParse(args);
      if (parsed.success) chair = args;
      else problems.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
    }
    const cells = Object.fromEntries(CHAIR_IMPORT_COLUMNS.map((c) => [c.header, cell(c.field)]));
    return { row, serialNumber, model: modelText, problems, cells, chair };
  });
}
