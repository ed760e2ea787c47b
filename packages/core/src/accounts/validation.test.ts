import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  detailsFormSchema,
  isoBirthdaySchema,
  loginFormSchema,
  ACCOUNT_MESSAGES as M,
  normalizePassword,
  passwordChangeSchema,
  RESET_LINK_INCOMPLETE_MESSAGE,
  type RegistrationForm,
  registerRequestSchema,
  registrationFormSchema,
  setPasswordSchema,
  toRegisterRequest,
} from './validation.ts'

const YEAR = 2026

/** The messages zod reports for one field, in order. */
function messagesFor(schema: z.ZodType, value: unknown, field: string): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message)
}

const validForm: RegistrationForm = {
  emailAddress: 'ana.lopez@example.com',
  password: 'correct horse',
  password_repeat: 'correct horse',
  gender: 'Female',
  firstName: 'Ana',
  lastName: 'López',
  birthDay: '29',
  birthMonth: 'February',
  birthYear: '2000',
  registration_checkbox: 'accepted',
}
const registration = registrationFormSchema(YEAR)
const withField = (field: keyof RegistrationForm, value: unknown) => ({ ...validForm, [field]: value })
const registrationMessages = (field: keyof RegistrationForm, value: unknown) =>
  messagesFor(registration, withField(field, value), field)

describe('login form (spec 5)', () => {
  const login = (userEmail: unknown, userPassword: unknown) => ({ userEmail, userPassword })

  it('accepts an e-mail of 7 characters and a 1-character password', () => {
    expect(loginFormSchema.safeParse(login('a@bc.de', 'x')).success).toBe(true)
  })
  it('says a 6-character e-mail is too short', () => {
    expect(messagesFor(loginFormSchema, login('a@b.cd', 'x'), 'userEmail')).toEqual([M.tooShort])
  })
  it('says a malformed e-mail is invalid', () => {
    expect(messagesFor(loginFormSchema, login('not-an-email', 'x'), 'userEmail')).toEqual([M.emailInvalid])
  })
  it('requires both fields', () => {
    expect(messagesFor(loginFormSchema, login('', ''), 'userEmail')).toEqual([M.required])
    expect(messagesFor(loginFormSchema, login('a@bc.de', ''), 'userPassword')).toEqual([M.required])
    expect(messagesFor(loginFormSchema, {}, 'userEmail')).toEqual([M.required])
  })
  it('says a password over 128 characters is too long', () => {
    expect(messagesFor(loginFormSchema, login('a@bc.de', 'x'.repeat(129)), 'userPassword')).toEqual([
      M.tooLong,
    ])
    expect(loginFormSchema.safeParse(login('a@bc.de', 'x'.repeat(128))).success).toBe(true)
  })
})

describe('registration form (spec 5)', () => {
  it('accepts a complete, valid registration', () => {
    expect(registration.parse(validForm)).toEqual(validForm)
  })

  it('uses the verbatim texts of the spec', () => {
    expect(M.emailInvalid).toBe('Email address is invalid!')
    expect(M.tooShort).toBe('Value is too short!')
    expect(M.specialCharacters).toBe('Special characters like “%, \\, )” aren’t allowed')
    expect(M.passwordInvalid).toBe('Password is invalid!')
  })

  describe('e-mail', () => {
    it('is required', () => expect(registrationMessages('emailAddress', '')).toEqual([M.required]))
    it('is too short at 6 characters', () =>
      expect(registrationMessages('emailAddress', 'a@b.cd')).toEqual([M.tooShort]))
    it('is long enough at 7 characters', () =>
      expect(registrationMessages('emailAddress', 'a@bc.de')).toEqual([]))
    it('must look like an address', () => {
      expect(registrationMessages('emailAddress', 'ana.lopez.example.com')).toEqual([M.emailInvalid])
      expect(registrationMessages('emailAddress', 'ana@lopez')).toEqual([M.emailInvalid])
    })
    it('ignores surrounding spaces', () =>
      expect(registration.parse(withField('emailAddress', '  a@bc.de ')).emailAddress).toBe('a@bc.de'))
  })

  describe('password', () => {
    it('is required', () => expect(registrationMessages('password', '')).toEqual([M.required]))
    it('is too short at 7 characters', () =>
      expect(registrationMessages('password', '1234567')).toEqual([M.tooShort]))
    it('is long enough at 8 characters', () => {
      const form = { ...validForm, password: '12345678', password_repeat: '12345678' }
      expect(registration.safeParse(form).success).toBe(true)
    })
    it('repeat has the same minimum', () =>
      expect(registrationMessages('password_repeat', '1234567')).toEqual([M.tooShort]))
    it('repeat must match', () =>
      expect(registrationMessages('password_repeat', 'correct horsf')).toEqual([M.passwordsDiffer]))
    it('matches a repeat typed with the accent composed or not', () => {
      const form = { ...validForm, password: 'caf\u00e9 olé!', password_repeat: 'cafe\u0301 ole\u0301!' }
      expect(registration.safeParse(form).success).toBe(true)
    })
    it('says the passwords differ while the rest of the form is still empty', () => {
      const partial = { password: 'correct horse', password_repeat: 'correct horsf' }
      expect(messagesFor(registration, partial, 'password_repeat')).toEqual([M.passwordsDiffer])
    })
  })

  describe('names', () => {
    for (const field of ['firstName', 'lastName'] as const) {
      it(`${field} is required`, () => expect(registrationMessages(field, '')).toEqual([M.required]))
      it(`${field} is too short at 1 letter`, () =>
        expect(registrationMessages(field, 'A')).toEqual([M.tooShort]))
      it(`${field} is fine at 2 letters`, () => expect(registrationMessages(field, 'Al')).toEqual([]))
      it(`${field} takes letters of any alphabet`, () => {
        expect(registrationMessages(field, 'Müller')).toEqual([])
        expect(registrationMessages(field, 'Ζωή')).toEqual([])
      })
      it(`${field} takes letters with combining marks, kept in their composed form`, () => {
        expect(registrationMessages(field, 'Jose\u0301')).toEqual([])
        expect(registrationMessages(field, 'सुमित')).toEqual([])
        expect(registration.parse(withField(field, 'Jose\u0301'))[field]).toBe('José')
      })
      it(`${field} refuses anything but letters`, () => {
        for (const value of [
          'Ana%',
          'Back\\slash',
          'Paren)',
          'Ana Maria',
          'O’Neil',
          'Ana1',
          'Jean-Luc',
          '\u0301Ana',
        ]) {
          expect(registrationMessages(field, value)).toEqual([M.specialCharacters])
        }
      })
    }
  })

  describe('gender', () => {
    it('is Male or Female', () => {
      expect(registrationMessages('gender', 'Male')).toEqual([])
      expect(registrationMessages('gender', 'Female')).toEqual([])
    })
    it('is required', () => {
      expect(registrationMessages('gender', undefined)).toEqual([M.genderRequired])
      expect(registrationMessages('gender', 'Other')).toEqual([M.genderRequired])
    })
  })

  describe('birthday', () => {
    it('month is required and letters only', () => {
      expect(registrationMessages('birthMonth', '')).toEqual([M.required])
      expect(registrationMessages('birthMonth', '2')).toEqual([M.specialCharacters])
      expect(registrationMessages('birthMonth', 'Smarch')).toEqual([M.monthRequired])
    })
    it('day is required and numeric', () => {
      expect(registrationMessages('birthDay', '')).toEqual([M.required])
      expect(registrationMessages('birthDay', '1a')).toEqual([M.specialCharacters])
      expect(registrationMessages('birthDay', '0')).toEqual([M.dayInvalid])
      expect(registrationMessages('birthDay', '32')).toEqual([M.dayInvalid])
    })
    it('year is required, numeric and 4 digits', () => {
      expect(registrationMessages('birthYear', '')).toEqual([M.required])
      expect(registrationMessages('birthYear', '19x0')).toEqual([M.specialCharacters])
      expect(registrationMessages('birthYear', '199')).toEqual([M.tooShort])
      expect(registrationMessages('birthYear', '19900')).toEqual([M.tooLong])
      expect(registrationMessages('birthYear', '1990')).toEqual([])
    })
    it('year is one of the last 100 years', () => {
      expect(registrationMessages('birthYear', String(YEAR))).toEqual([])
      expect(registrationMessages('birthYear', String(YEAR - 99))).toEqual([])
      expect(registrationMessages('birthYear', String(YEAR - 100))).toEqual([M.yearOutOfRange])
      expect(registrationMessages('birthYear', String(YEAR + 1))).toEqual([M.yearOutOfRange])
    })
    it("the details form keeps a stored birthday's year that has left the 100, and only that one", () => {
      const details = { firstName: 'Ana', lastName: 'Lopez', birthDay: '1', birthMonth: 'May' }
      const kept = detailsFormSchema(YEAR, undefined, YEAR - 100)
      expect(messagesFor(kept, { ...details, birthYear: String(YEAR - 100) }, 'birthYear')).toEqual([])
      expect(messagesFor(kept, { ...details, birthYear: String(YEAR - 101) }, 'birthYear')).toEqual([
        M.yearOutOfRange,
      ])
      expect(
        messagesFor(detailsFormSchema(YEAR), { ...details, birthYear: String(YEAR - 100) }, 'birthYear'),
      ).toEqual([M.yearOutOfRange])
    })
    it('29 February exists only in leap years', () => {
      expect(registrationMessages('birthDay', '29')).toEqual([])
      expect(messagesFor(registration, { ...validForm, birthYear: '2001' }, 'birthDay')).toEqual([
        M.dayInvalid,
      ])
    })
    it('31 April does not exist', () => {
      const form = { ...validForm, birthDay: '31', birthMonth: 'April' }
      expect(messagesFor(registration, form, 'birthDay')).toEqual([M.dayInvalid])
    })
    it('a day has at most 2 digits, so 031 February is no way round the days of the month', () => {
      const form = { ...validForm, birthDay: '031', birthYear: '2001' }
      expect(messagesFor(registration, form, 'birthDay')).toEqual([M.dayInvalid])
      expect(registrationMessages('birthDay', '007')).toEqual([M.dayInvalid])
      expect(registrationMessages('birthDay', '07')).toEqual([])
      const body = { ...toRegisterRequest(validForm), birth_day: '031', birth_year: '2001' }
      expect(messagesFor(registerRequestSchema(YEAR), body, 'birth_day')).toEqual([M.dayInvalid])
    })
    it('is not in the future, by the clock the caller passes', () => {
      const now = () => Date.parse(`${YEAR}-12-01T12:00:00Z`)
      const eve = { ...validForm, birthDay: '31', birthMonth: 'December', birthYear: String(YEAR) }
      expect(messagesFor(registrationFormSchema(YEAR, now), eve, 'birthDay')).toEqual([M.birthdayInFuture])
      expect(registrationFormSchema(YEAR, now).safeParse({ ...eve, birthDay: '1' }).success).toBe(true)
      const body = toRegisterRequest(eve)
      expect(messagesFor(registerRequestSchema(YEAR, now), body, 'birth_day')).toEqual([M.birthdayInFuture])
      const details = { firstName: 'Ana', lastName: 'Lopez', birthDay: '31', birthMonth: 'December' }
      expect(
        messagesFor(detailsFormSchema(YEAR, now), { ...details, birthYear: String(YEAR) }, 'birthDay'),
      ).toEqual([M.birthdayInFuture])
      expect(isoBirthdaySchema(YEAR, now).safeParse(`${YEAR}-12-31`).error?.issues[0]?.message).toBe(
        M.birthdayInFuture,
      )
      expect(isoBirthdaySchema(YEAR, now).safeParse(`${YEAR}-12-01`).success).toBe(true)
    })
    it('born today is fine wherever today has begun (UTC+14 is ahead of the clock)', () => {
      const now = () => Date.parse(`${YEAR}-12-01T12:00:00Z`)
      expect(isoBirthdaySchema(YEAR, now).safeParse(`${YEAR}-12-02`).success).toBe(true)
      expect(isoBirthdaySchema(YEAR, now).safeParse(`${YEAR}-12-03`).success).toBe(false)
    })
  })

  it('requires the terms to be accepted', () => {
    expect(registrationMessages('registration_checkbox', 'not_accepted')).toEqual([M.termsRequired])
    expect(registrationMessages('registration_checkbox', undefined)).toEqual([M.termsRequired])
  })

  it('blocks the whole form while any field is invalid', () => {
    expect(registration.safeParse(withField('lastName', 'L')).success).toBe(false)
  })
})

describe('register request (spec 7)', () => {
  const request = registerRequestSchema(YEAR)

  it('is what the form maps to, with the username of spec 7', () => {
    const body = toRegisterRequest(validForm)
    expect(body).toMatchObject({
      username: 'alopez',
      name: 'Ana López',
      firstname: 'Ana',
      lastname: 'López',
      email: 'ana.lopez@example.com',
      registration_checkbox: 'accepted',
      birth_month: 'February',
    })
    expect(request.safeParse(body).success).toBe(true)
  })

  it('is taken by the API for every name the form takes, the longest included', () => {
    // A last name of 60 letters (or of 40 ligatures, each two letters once folded) made a username
    // longer than the API's 60 characters: the fan was refused over a field they never see.
    for (const lastName of ['a'.repeat(60), '\ufb00'.repeat(40)]) {
      const form = { ...validForm, lastName }
      expect(registration.safeParse(form).success, lastName).toBe(true)
      expect(messagesFor(request, toRegisterRequest(form), 'username'), lastName).toEqual([])
    }
  })

  it('applies the same rules under the API names', () => {
    const body = toRegisterRequest(validForm)
    expect(messagesFor(request, { ...body, email: 'a@b.cd' }, 'email')).toEqual([M.tooShort])
    expect(messagesFor(request, { ...body, firstname: 'An)' }, 'firstname')).toEqual([M.specialCharacters])
    expect(messagesFor(request, { ...body, birth_year: '2001' }, 'birth_day')).toEqual([M.dayInvalid])
    expect(messagesFor(request, { ...body, password_repeat: 'something else' }, 'password_repeat')).toEqual([
      M.passwordsDiffer,
    ])
  })

  it('says an over-long display name is too long, in the words of the other fields', () => {
    const body = toRegisterRequest(validForm)
    expect(messagesFor(request, { ...body, name: 'n'.repeat(122) }, 'name')).toEqual([M.tooLong])
  })

  it('takes a display name of names with one space between them, as the first and last name are', () => {
    const body = toRegisterRequest(validForm)
    for (const name of ['Ana López', 'Ana Maria López', ' José ', 'Jose\u0301 Ramírez', 'सुमित शर्मा']) {
      expect(messagesFor(request, { ...body, name }, 'name'), name).toEqual([])
    }
    // A bidi override, a bell, markup, two spaces, a digit: stored, they would show in the greeting.
    for (const name of ['\u202eAna', 'Ana\u0007', '<b>Ana</b>', 'Ana  López', 'Ana2', 'Ana\u200bLópez']) {
      expect(messagesFor(request, { ...body, name }, 'name'), name).toEqual([M.specialCharacters])
    }
  })

  it("takes spec 7's payload alone: gender and birthday are optional for API clients, required by the form", () => {
    const { gender, birth_day, birth_month, birth_year, ...spec } = toRegisterRequest(validForm)
    expect(request.safeParse(spec).success).toBe(true)
    expect(messagesFor(request, { ...spec, gender: 'Robot' }, 'gender')).toEqual([M.genderRequired])
    expect(messagesFor(request, { ...spec, birth_day, birth_year }, 'birth_month')).toEqual([M.monthRequired])
    expect(request.safeParse({ ...spec, gender, birth_day, birth_month, birth_year }).success).toBe(true)
    expect(registrationMessages('gender', undefined)).toEqual([M.genderRequired])
    expect(registrationMessages('birthMonth', undefined)).toEqual([M.required])
  })

  it('answers a body that is not an object with one issue instead of crashing the cross-field checks', () => {
    for (const value of [null, 42, 'text', []]) {
      for (const schema of [request, registration, passwordChangeSchema, setPasswordSchema]) {
        const result = schema.safeParse(value)
        expect(result.success).toBe(false)
        expect(result.error?.issues).toHaveLength(1)
      }
    }
  })
})

describe('details form', () => {
  const details = detailsFormSchema(YEAR)
  const base = { firstName: 'Ana', lastName: 'Lopez' }

  it('lets gender, birthday and phone stay empty', () => {
    expect(
      details.parse({ ...base, gender: '', birthDay: '', birthMonth: '', birthYear: '', phone: '' }),
    ).toEqual(base)
  })
  it('wants all three birthday parts once one is given', () => {
    expect(messagesFor(details, { ...base, birthMonth: 'May' }, 'birthDay')).toEqual([M.required])
    expect(messagesFor(details, { ...base, birthMonth: 'May' }, 'birthYear')).toEqual([M.required])
  })
  it('checks the birthday and phone when given', () => {
    const form = { ...base, birthDay: '29', birthMonth: 'February', birthYear: '2001' }
    expect(messagesFor(details, form, 'birthDay')).toEqual([M.dayInvalid])
    expect(messagesFor(details, { ...base, phone: 'call me' }, 'phone')).toEqual([M.phoneInvalid])
    expect(details.safeParse({ ...base, phone: '+34 600 123 456' }).success).toBe(true)
  })
})

describe('normalizePassword', () => {
  it('gives one form (NFKC) for a password however the keyboard wrote it', () => {
    expect(normalizePassword('cafe\u0301')).toBe('caf\u00e9')
    expect(normalizePassword('caf\u00e9')).toBe('caf\u00e9')
    // Compatibility forms: full-width letters and ligatures are the plain ones.
    expect(normalizePassword('\uff30\uff41\uff53\uff53')).toBe('Pass')
    expect(normalizePassword('\ufb01ne')).toBe('fine')
    // Spaces and case are the user's: nothing else changes.
    expect(normalizePassword(' Correct Horse ')).toBe(' Correct Horse ')
  })
})

describe('password change and reset', () => {
  it('needs the old password and a matching new one of 8 characters', () => {
    expect(
      passwordChangeSchema.safeParse({ old_password: 'x', password: '12345678', password_repeat: '12345678' })
        .success,
    ).toBe(true)
    expect(
      messagesFor(
        passwordChangeSchema,
        { old_password: '', password: '1234567', password_repeat: '1234567' },
        'password',
      ),
    ).toEqual([M.tooShort])
    expect(
      messagesFor(
        passwordChangeSchema,
        { old_password: '', password: '12345678', password_repeat: '12345678' },
        'old_password',
      ),
    ).toEqual([M.required])
    expect(
      messagesFor(
        passwordChangeSchema,
        { old_password: 'x'.repeat(129), password: '12345678', password_repeat: '12345678' },
        'old_password',
      ),
    ).toEqual([M.tooLong])
  })
  it('calls a reset without its key an incomplete link', () => {
    expect(
      messagesFor(setPasswordSchema, { password: '12345678', password_repeat: '12345678' }, 'key'),
    ).toEqual([RESET_LINK_INCOMPLETE_MESSAGE])
  })
  it('a new password from a reset link follows the same rules', () => {
    const key = 'k'.repeat(43)
    expect(
      setPasswordSchema.safeParse({ key, password: '12345678', password_repeat: '12345678' }).success,
    ).toBe(true)
    expect(
      messagesFor(setPasswordSchema, { key, password: '1234567', password_repeat: '1234567' }, 'password'),
    ).toEqual([M.tooShort])
    expect(
      messagesFor(
        setPasswordSchema,
        { key, password: '12345678', password_repeat: '87654321' },
        'password_repeat',
      ),
    ).toEqual([M.passwordsDiffer])
  })
})
