import { z } from 'zod';
import { requiredType } from '../validation';
import { ListQuerySchema, pageOf, UuidSchema } from './common';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contractor', 'intern'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
/** The standard fields a company may let members edit on their own record. */
export const SELF_EDITABLE_FIELDS = ['jobTitle', 'workPhone', 'workLocation', 'emergencyContact'] as const;
export type SelfEditableField = (typeof SELF_EDITABLE_FIELDS)[number];

/**
 * The employee-record columns of a members CSV, import and export alike (after email, names and role;
 * then one column per custom field, headed by its label). Manager by email, department by name.
 */
export const EMPLOYEE_CSV_COLUMNS = [
  'jobTitle',
  'department',
  'managerEmail',
  'employmentType',
  'startDate',
  'endDate',
  'workLocation',
  'workPhone',
  'emergencyName',
  'emergencyRelation',
  'emergencyPhone',
] as const;
export type EmployeeCsvColumn = (typeof EMPLOYEE_CSV_COLUMNS)[number];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD) that exists. */
export const DateSchema = z
  .string()
  .regex(DATE_RE, 'invalid')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'invalid');
const text = (max: number) => z.string().trim().max(max, 'tooLong').nullable();
const phone = z
  .string()
  .trim()
  .max(40, 'tooLong')
  .regex(/^\+?[0-9 ().-]{3,}$/, 'phone')
  .nullable();

const PersonRefSchema = z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() });
const DepartmentRefSchema = z.object({ uuid: UuidSchema, name: z.string(), color: z.string() });

export const EmployeeListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'jobTitle']).default('name'),
  departmentUuid: UuidSchema.optional(),
  managerUuid: UuidSchema.optional(),
  /** `ended` and `all` are for admins: the directory shows current people only. */
  status: z.enum(['current', 'ended', 'all']).default('current'),
});
export type EmployeeListQuery = z.infer<typeof EmployeeListQuerySchema>;
export const EmployeeExportQuerySchema = EmployeeListQuerySchema.omit({ page: true, itemsPerPage: true });
export type EmployeeExportQuery = z.infer<typeof EmployeeExportQuerySchema>;

/** What every colleague sees of a person. */
export const DirectoryEntrySchema = z.object({
  uuid: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  department: DepartmentRefSchema.nullable(),
  manager: PersonRefSchema.nullable(),
  workPhone: z.string().nullable(),
  ended: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;
export const DirectoryPageSchema = pageOf(DirectoryEntrySchema).extend({
  /** True when more people match a search than `totalItems` (a search's count stops at 1,000). */
  totalIsLowerBound: z.boolean(),
});

export const EmergencyContactSchema = z.object({
  name: text(120),
  relation: text(60),
  phone,
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;
const CustomValue = z.union([z.string().max(1000, 'tooLong'), z.number(), z.null()]);

/**
 * One person's record. `view: 'full'` (admins and the person) carries everything; `view: 'directory'`
 * (colleagues) carries the directory fields and the company's non-private custom fields only: no
 * emergency contact, no private field, no employment details.
 */
export const EmployeeSchema = DirectoryEntrySchema.extend({
  view: z.enum(['full', 'directory']),
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable().optional(),
  startDate: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
  workLocation: z.string().nullable().optional(),
  emergencyContact: EmergencyContactSchema.nullable().optional(),
  custom: z.record(z.string(), CustomValue),
  /** What the caller may change: every field for admins, the company's self-editable ones for the person. */
  editable: z.array(z.string()),
  /** 0 when nobody has written the record yet. */
  version: z.number().int(),
});
export type Employee = z.infer<typeof EmployeeSchema>;
export const EmployeeParamsSchema = z.object({ uuid: UuidSchema });

export const EmployeeUpdateSchema = z
  .object({
    version: z.number().int().min(0),
    jobTitle: text(120).optional(),
    departmentUuid: UuidSchema.nullable().optional(),
    managerUuid: UuidSchema.nullable().optional(),
    employmentType: z.enum(EMPLOYMENT_TYPES).nullable().optional(),
    startDate: DateSchema.nullable().optional(),
    endDate: DateSchema.nullable().optional(),
    workLocation: text(200).optional(),
    workPhone: phone.optional(),
    emergencyContact: EmergencyContactSchema.nullable().optional(),
    /** Values by field uuid; each is checked against the field's type. */
    custom: z.record(UuidSchema, CustomValue).optional(),
    /**
     * Admins only: the person's current direct reports move to this manager in the same write (null:
     * to the top of the chart), e.g. when their employment ends. Absent: they stay.
     */
    reportsTo: UuidSchema.nullable().optional(),
  })
  .strict()
  .refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, {
    message: 'endBeforeStart',
    path: ['endDate'],
  });
export type EmployeeUpdate = z.infer<typeof EmployeeUpdateSchema>;

/** An org-chart node: a current person and how many current people report to them. */
export const OrgNodeSchema = z.object({
  uuid: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: DepartmentRefSchema.nullable(),
  reportCount: z.number().int(),
});
export type OrgNode = z.infer<typeof OrgNodeSchema>;
export const OrgLevelQuerySchema = z.object({
  /** Whose direct reports; absent for the top of the chart (people without a current manager). */
  managerUuid: UuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  /** How many of the level's people to skip (the console's "Show more"), in the level's order. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const OrgLevelSchema = z.object({ data: z.array(OrgNodeSchema), hasMore: z.boolean() });
/** A person's managers from the top of the chart down to the person. */
export const OrgPathSchema = z.object({ data: z.array(OrgNodeSchema) });

export const CustomFieldSchema = z.object({
  uuid: UuidSchema,
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
  private: z.boolean(),
  selfEditable: z.boolean(),
  position: z.number().int(),
  version: z.number().int(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;
export const CustomFieldListSchema = z.object({ data: z.array(CustomFieldSchema) });
export const CustomFieldParamsSchema = z.object({ uuid: UuidSchema });
const fieldLabel = z.string(requiredType).trim().min(1, 'required').max(80, 'tooLong');
const fieldOptions = z.array(z.string().trim().min(1, 'required').max(80, 'tooLong')).max(50);
export const CustomFieldCreateSchema = z
  .object({
    label: fieldLabel,
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: fieldOptions.optional(),
    required: z.boolean().optional(),
    private: z.boolean().optional(),
    selfEditable: z.boolean().optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
  .refine((f) => f.type !== 'select' || (f.options?.length ?? 0) > 0, { message: 'required', path: ['options'] });
export type CustomFieldCreate = z.infer<typeof CustomFieldCreateSchema>;
export const CustomFieldUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    label: fieldLabel.optional(),
    options: fieldOptions.optional(),
    required: z.boolean().optional(),
    private: z.boolean().optional(),
    selfEditable: z.boolean().optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type CustomFieldUpdate = z.infer<typeof CustomFieldUpdateSchema>;

export const PeopleSettingsSchema = z.object({
  selfEditable: z.array(z.enum(SELF_EDITABLE_FIELDS)),
  version: z.number().int(),
});
export const PeopleSettingsUpdateSchema = z
  .object({ version: z.number().int().min(0), selfEditable: z.array(z.enum(SELF_EDITABLE_FIELDS)).max(10) })
  .strict();
