/**
 * The account validation rules of spec 5, written once: each field's rule (`accountRules`) and
 * the cross-field checks (matching passwords, a birthday that exists within the year choices)
 * are used by the storefront's forms and by the API alike. The forms carry spec 3's field names
 * (emailAddress, firstName, birthMonth...), the API spec 7's (email, firstname, ...): both shapes
 * below are built from the same rules, and `toRegisterRequest` maps one onto the other.
 */
import { z } from 'zod'
import { emailAddress } from '../email.ts'
import { evenWithOtherIssues, text } from '../input.ts'
import { isRealDate, isYearChoice, monthKey, toIsoDate } from './birthday.ts'
import { USERNAME_MAX_LENGTH, usernameBase } from './username.ts'

/** The user-facing texts of spec 5 (verbatim) and of the checks the spec leaves unworded. */
export const ACCOUNT_MESSAGES = {
  emailInvalid: 'Email address is invalid!',
  passwordInvalid: 'Password is invalid!',
  tooShort: 'Value is too short!',
  tooLong: 'Value is too long!',
  specialCharacters: 'Special characters like “%, \\, )” aren’t allowed',
  required: 'This field is required.',
  genderRequired: 'Please choose Male or Female.',
  monthRequired: 'Please choose a month.',
  dayInvalid: 'Please choose a day of that month.',
  birthdayInFuture: 'A birthday cannot be in the future.',
  yearOutOfRange: 'Please choose a year from the list.',
  termsRequired: 'Please accept the terms and conditions.',
  passwordsDiffer: 'Passwords do not match.',
  phoneInvalid: 'Phone number is invalid.',
  /** A login of an account the shop's staff disabled (403): told apart from wrong credentials. */
  accountDisabled: 'This account has been disabled. Please contact the shop if you think this is a mistake.',
} as const

const M = ACCOUNT_MESSAGES
const LETTERS_ONLY = /^\p{L}+$/u
/** Letters of any script, each with the combining marks written after it (decomposed José, सुमित). */
const LETTERS_WITH_MARKS = /^(?:\p{L}\p{M}*)+$/u
/** Names of those letters with one space between them ("José Ramírez"), as a display name is made. */
const NAMES_WITH_SPACES = /^(?:\p{L}\p{M}*)+(?: (?:\p{L}\p{M}*)+)*$/u
const DIGITS_ONLY = /^\d+$/
/** A day of a month as the day choices send it: 1 to 31, at most 2 digits ("07" is 7). */
const isDayNumber = (day: string) => /^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 31

const EMAIL_MIN_LENGTH = 7
const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 128
const NAME_MIN_LENGTH = 2
const NAME_MAX_LENGTH = 60

/**
 * Each field reports only its first broken rule, in the order written ("This field is required."
 * before "Value is too short!"). Checks are skipped (not aborted) after the first failure, so the
 * cross-field checks below still run while some fields are invalid.
 */
const ONE_MESSAGE = { when: (payload: { issues: unknown[] }) => payload.issues.length === 0 }

/** A text that must be filled in (after trimming). */
const requiredText = () =>
  text({ error: M.required })
    .trim()
    .min(1, { error: M.required, ...ONE_MESSAGE })

export const GENDERS = ['Male', 'Female'] as const
export type Gender = (typeof GENDERS)[number]

/** Each field's rule, shared by every form and endpoint that takes that field. */
export const accountRules = {
  email: requiredText()
    .min(EMAIL_MIN_LENGTH, { error: M.tooShort, ...ONE_MESSAGE })
    .max(254, { error: M.tooLong, ...ONE_MESSAGE })
    .pipe(emailAddress(M.emailInvalid)),
  /** What the login form asks: any non-empty password (spec 5: minimum length 1). */
  loginPassword: text({ error: M.required })
    .min(1, { error: M.required, ...ONE_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: M.tooLong, ...ONE_MESSAGE }),
  password: text({ error: M.required })
    .min(1, { error: M.required, ...ONE_MESSAGE })
    .min(PASSWORD_MIN_LENGTH, { error: M.tooShort, ...ONE_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: M.tooLong, ...ONE_MESSAGE }),
  name: requiredText()
    .normalize('NFC')
    .min(NAME_MIN_LENGTH, { error: M.tooShort, ...ONE_MESSAGE })
    .max(NAME_MAX_LENGTH, { error: M.tooLong, ...ONE_MESSAGE })
    .regex(LETTERS_WITH_MARKS, { error: M.specialCharacters, ...ONE_MESSAGE }),
  gender: z.enum(GENDERS, { error: M.genderRequired }),
  birthMonth: requiredText()
    .regex(LETTERS_ONLY, { error: M.specialCharacters, ...ONE_MESSAGE })
    .refine((name) => monthKey(name) !== undefined, { error: M.monthRequired, ...ONE_MESSAGE }),
  birthDay: requiredText()
    .regex(DIGITS_ONLY, { error: M.specialCharacters, ...ONE_MESSAGE })
    .refine(isDayNumber, { error: M.dayInvalid, ...ONE_MESSAGE }),
  birthYear: requiredText()
    .regex(DIGITS_ONLY, { error: M.specialCharacters, ...ONE_MESSAGE })
    .min(4, { error: M.tooShort, ...ONE_MESSAGE })
    .max(4, { error: M.tooLong, ...ONE_MESSAGE }),
  terms: z.literal('accepted', { error: M.termsRequired }),
  phone: text()
    .trim()
    .regex(/^\+?[0-9 ]{6,20}$/, { error: M.phoneInvalid }),
}

interface BirthdayParts {
  day: string
  month: string
  year: string
}

/** Cross-field checks run even while other fields are still invalid; each reads only well-formed fields. */
const EVEN_WITH_OTHER_ISSUES = evenWithOtherIssues()

/**
 * The caller's clock (milliseconds, like `Date.now`), read when a birthday is checked: a caller
 * that passes one has birthdays in the future refused. The API's clock is its own (`ctx.now`).
 */
export type Clock = () => number

/** The earliest time zone, UTC+14, is 14 hours ahead: a fan born today anywhere on Earth is accepted. */
const EARLIEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000

/** True when an ISO date has not begun yet in any time zone. */
function isFuture(isoDate: string, now: Clock): boolean {
  return isoDate > new Date(now() + EARLIEST_ZONE_AHEAD_MS).toISOString().slice(0, 10)
}

/**
 * Adds the cross-field birthday checks: the year is one of the choices, the day exists and, with
 * a clock, is not in the future.
 */
function checkBirthday(
  parts: Partial<BirthdayParts>,
  currentYear: number,
  now: Clock | undefined,
  paths: { day: string; year: string },
  ctx: z.RefinementCtx,
  keptYear?: number,
) {
  // Each part's own rule reports a malformed part; the cross-field check only looks at well-formed ones.
  const { day = '', month = '', year: yearText = '' } = parts
  if (!/^\d{4}$/.test(yearText) || !isDayNumber(day)) return
  const year = Number(yearText)
  const monthNumber = monthKey(month)
  if (!isYearChoice(year, currentYear, keptYear)) {
    ctx.addIssue({ code: 'custom', path: [paths.year], message: M.yearOutOfRange })
  } else if (monthNumber !== undefined && !isRealDate(year, monthNumber, Number(day))) {
    ctx.addIssue({ code: 'custom', path: [paths.day], message: M.dayInvalid })
  } else if (monthNumber !== undefined && now && isFuture(toIsoDate(year, monthNumber, Number(day)), now)) {
    ctx.addIssue({ code: 'custom', path: [paths.day], message: M.birthdayInFuture })
  }
}

/** A birthday that may be left out, but then wholly: given in part, the missing parts are required. */
function checkOptionalBirthday(
  parts: Partial<BirthdayParts>,
  currentYear: number,
  now: Clock | undefined,
  paths: { day: string; month: string; year: string },
  ctx: z.RefinementCtx,
  keptYear?: number,
) {
  if (parts.day === undefined && parts.month === undefined && parts.year === undefined) return
  if (parts.day === undefined) ctx.addIssue({ code: 'custom', path: [paths.day], message: M.required })
  if (parts.month === undefined)
    ctx.addIssue({ code: 'custom', path: [paths.month], message: M.monthRequired })
  if (parts.year === undefined) ctx.addIssue({ code: 'custom', path: [paths.year], message: M.required })
  checkBirthday(parts, currentYear, now, paths, ctx, keptYear)
}

/**
 * The one form of a password that is hashed and checked (NIST SP 800-63B 5.1.1.2: NFKC): the same
 * password typed on another keyboard or system, which may send "é" as one character or as "e"
 * and a combining accent (or a full-width letter), is the same password.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC')
}

function checkPasswordsMatch(password: unknown, repeat: unknown, ctx: z.RefinementCtx) {
  // A repeat that breaks its own rule says so first; a well-formed one must match, as typed
  // either way (composed or not).
  if (
    accountRules.password.safeParse(repeat).success &&
    (typeof password !== 'string' || normalizePassword(password) !== normalizePassword(repeat as string))
  ) {
    ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: M.passwordsDiffer })
  }
}

/** Spec 3's login data. */
export const loginFormSchema = z.object({
  userEmail: accountRules.email,
  userPassword: accountRules.loginPassword,
})
export type LoginForm = z.infer<typeof loginFormSchema>

/**
 * The registration fields, written once under spec 7's names in the form's order. The API's
 * request schema is these (gender and birthday optional for API clients); the storefront's form
 * schema is derived from them under spec 3's names, every field required.
 */
const registrationFields = {
  email: accountRules.email,
  password: accountRules.password,
  password_repeat: accountRules.password,
  gender: accountRules.gender,
  firstname: accountRules.name,
  lastname: accountRules.name,
  birth_day: accountRules.birthDay,
  birth_month: accountRules.birthMonth,
  birth_year: accountRules.birthYear,
  registration_checkbox: accountRules.terms,
}
type RegistrationFields = typeof registrationFields

/** Spec 3's name of each registration field that spec 7 names differently. */
const FORM_NAMES = {
  email: 'emailAddress',
  firstname: 'firstName',
  lastname: 'lastName',
  birth_day: 'birthDay',
  birth_month: 'birthMonth',
  birth_year: 'birthYear',
} as const
type FormNames = typeof FORM_NAMES
type FormName<K> = K extends keyof FormNames ? FormNames[K] : K
type FormShape = { [K in keyof RegistrationFields as FormName<K>]: RegistrationFields[K] }

const formName = <K extends keyof RegistrationFields>(field: K) =>
  ((FORM_NAMES as Partial<Record<string, string>>)[field] ?? field) as FormName<K>

/** The registration form (spec 3's field names), for a given current year (the year choices move). */
export function registrationFormSchema(currentYear: number, now?: Clock) {
  const shape = Object.fromEntries(
    Object.entries(registrationFields).map(([field, rule]) => [
      formName(field as keyof RegistrationFields),
      rule,
    ]),
  ) as FormShape
  return z.object(shape).superRefine((form, ctx) => {
    checkPasswordsMatch(form.password, form.password_repeat, ctx)
    checkBirthday(
      { day: form.birthDay, month: form.birthMonth, year: form.birthYear },
      currentYear,
      now,
      { day: formName('birth_day'), year: formName('birth_year') },
      ctx,
    )
  }, EVEN_WITH_OTHER_ISSUES)
}
export type RegistrationForm = z.infer<ReturnType<typeof registrationFormSchema>>

/**
 * POST /wp-json/wp/v2/register: spec 7's payload, which is enough to register. The gender and
 * birthday that the storefront's form requires are optional here for other API clients, and
 * checked by the same rules when sent (a birthday whole or not at all).
 */
export function registerRequestSchema(currentYear: number, now?: Clock) {
  return z
    .object({
      username: text()
        .regex(new RegExp(`^[a-z0-9]{2,${USERNAME_MAX_LENGTH}}$`), {
          error: `A username has 2 to ${USERNAME_MAX_LENGTH} lower-case letters or digits.`,
        })
        .optional()
        .describe(
          'Wanted username; the server derives it from the names when absent and adds a suffix when taken.',
        ),
      name: text()
        .trim()
        .normalize('NFC')
        .max(2 * NAME_MAX_LENGTH + 1, { error: M.tooLong, ...ONE_MESSAGE })
        .regex(NAMES_WITH_SPACES, { error: M.specialCharacters, ...ONE_MESSAGE })
        .optional()
        .describe(
          'Display name: names of letters with one space between them, as the first and last name are; "firstname lastname" when absent.',
        ),
      ...registrationFields,
      gender: registrationFields.gender.optional(),
      birth_day: registrationFields.birth_day.optional(),
      birth_month: registrationFields.birth_month.optional(),
      birth_year: registrationFields.birth_year.optional(),
    })
    .superRefine((body, ctx) => {
      checkPasswordsMatch(body.password, body.password_repeat, ctx)
      checkOptionalBirthday(
        { day: body.birth_day, month: body.birth_month, year: body.birth_year },
        currentYear,
        now,
        { day: 'birth_day', month: 'birth_month', year: 'birth_year' },
        ctx,
      )
    }, EVEN_WITH_OTHER_ISSUES)
}
export type RegisterRequest = z.infer<ReturnType<typeof registerRequestSchema>>

/** The registration form's values as the register endpoint takes them (spec 7). */
export function toRegisterRequest(form: RegistrationForm): RegisterRequest {
  return {
    username: usernameBase(form.firstName, form.lastName),
    name: `${form.firstName} ${form.lastName}`,
    firstname: form.firstName,
    lastname: form.lastName,
    email: form.emailAddress,
    password: form.password,
    password_repeat: form.password_repeat,
    registration_checkbox: form.registration_checkbox,
    gender: form.gender,
    birth_day: form.birthDay,
    birth_month: form.birthMonth,
    birth_year: form.birthYear,
  }
}

/** The ISO birthday ("1990-03-07") of valid birthday fields. */
export function birthdayOf(parts: BirthdayParts): string {
  return toIsoDate(Number(parts.year), monthKey(parts.month)!, Number(parts.day))
}

/**
 * The profile's details form: names as at registration; gender, birthday and phone may stay
 * empty; the year of the birthday stored (`keptYear`) stays a choice when the 100 have passed it.
 */
export function detailsFormSchema(currentYear: number, now?: Clock, keptYear?: number) {
  const optional = <T extends z.ZodType>(rule: T) =>
    z.preprocess((value) => (value === '' ? undefined : value), rule.optional())
  return z
    .object({
      firstName: accountRules.name,
      lastName: accountRules.name,
      gender: optional(accountRules.gender),
      birthDay: optional(accountRules.birthDay),
      birthMonth: optional(accountRules.birthMonth),
      birthYear: optional(accountRules.birthYear),
      phone: optional(accountRules.phone),
    })
    .superRefine((form, ctx) => {
      checkOptionalBirthday(
        { day: form.birthDay, month: form.birthMonth, year: form.birthYear },
        currentYear,
        now,
        { day: 'birthDay', month: 'birthMonth', year: 'birthYear' },
        ctx,
        keptYear,
      )
    }, EVEN_WITH_OTHER_ISSUES)
}

/** A birthday as the API stores it: an ISO date within the year choices that exists (with a clock: has come). */
export function isoBirthdaySchema(currentYear: number, now?: Clock) {
  return text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A birthday is written YYYY-MM-DD.' })
    .refine(
      (iso) => {
        const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
        return isYearChoice(year, currentYear) && isRealDate(year, month, day)
      },
      { error: 'That birthday does not exist or is outside the year choices.' },
    )
    .refine((iso) => !now || !isFuture(iso, now), { error: M.birthdayInFuture, ...ONE_MESSAGE })
}

/** POST /wp-json/wp/v2/user/password: the old password, and the new one twice. */
export const passwordChangeSchema = z
  .object({
    old_password: accountRules.loginPassword,
    password: accountRules.password,
    password_repeat: accountRules.password,
  })
  .superRefine(
    (body, ctx) => checkPasswordsMatch(body.password, body.password_repeat, ctx),
    EVEN_WITH_OTHER_ISSUES,
  )

/** POST /wp-json/wp/v2/auth/reset: where to send the link. */
export const resetRequestSchema = z.object({ email: accountRules.email })

/** A reset link's key that is unknown, used, expired, replaced by a newer link or too long to be one. */
export const RESET_LINK_INVALID_MESSAGE =
  'This link to set a new password is invalid, has been used already, has expired or was replaced by a newer one. Please use the newest link we sent you, or ask for a new one.'

/** What a reset link's key that is missing or cut short says. */
export const RESET_LINK_INCOMPLETE_MESSAGE =
  'This reset link is incomplete. Please open the whole link from the e-mail.'

/** The key of a reset link (`?key=`), as the link's page and the API check it. */
const resetKey = text({ error: RESET_LINK_INCOMPLETE_MESSAGE })
  .trim()
  .min(20, { error: RESET_LINK_INCOMPLETE_MESSAGE })
  .max(200, { error: RESET_LINK_INVALID_MESSAGE })

/** POST /wp-json/wp/v2/auth/reset/check: the key of the link the page was opened with. */
export const resetKeySchema = z.object({ key: resetKey })

/** POST /wp-json/wp/v2/auth/reset/setpassword: the key from the link and the new password twice. */
export const setPasswordSchema = z
  .object({
    key: resetKey,
    password: accountRules.password,
    password_repeat: accountRules.password,
  })
  .superRefine(
    (body, ctx) => checkPasswordsMatch(body.password, body.password_repeat, ctx),
    EVEN_WITH_OTHER_ISSUES,
  )
