import { describe, expect, it } from 'vitest'
import { PERMISSIONS, permissionsOf, roleCan, roleLowers } from './roles.ts'

describe('staff roles', () => {
  it('calls a change lowering when the new role lacks anything the old one had', () => {
    expect(roleLowers('owner', 'manager')).toBe(true)
    expect(roleLowers('manager', 'fulfilment')).toBe(true)
    expect(roleLowers('fulfilment', 'editor')).toBe(true)
    expect(roleLowers('editor', 'manager')).toBe(true)
    expect(roleLowers('fulfilment', 'manager')).toBe(false)
    expect(roleLowers('editor', 'owner')).toBe(false)
    expect(roleLowers('manager', 'manager')).toBe(false)
  })

  it('gives the owner everything, staff and the audit log included', () => {
    for (const permission of PERMISSIONS) expect(roleCan('owner', permission)).toBe(true)
  })

  it('keeps staff and the audit log to the owner', () => {
    for (const role of ['manager', 'fulfilment', 'editor'] as const) {
      expect(roleCan(role, 'staff')).toBe(false)
      expect(roleCan(role, 'audit')).toBe(false)
    }
  })

  it('lets fulfilment see and fulfil orders only', () => {
    expect(permissionsOf('fulfilment')).toEqual(['dashboard', 'orders.view', 'orders.fulfil'])
    expect(roleCan('fulfilment', 'catalogue')).toBe(false)
    expect(roleCan('fulfilment', 'orders.refund')).toBe(false)
  })

  it('lets the manager run catalogue, stock, orders, coupons and customers but not content', () => {
    for (const permission of [
      'catalogue',
      'stock',
      'orders.view',
      'orders.fulfil',
      'orders.refund',
      'coupons',
      'customers',
    ] as const) {
      expect(roleCan('manager', permission)).toBe(true)
    }
    expect(roleCan('manager', 'content')).toBe(false)
  })

  it('lets the owner and the manager set the drop, and no one else', () => {
    expect(roleCan('owner', 'launch')).toBe(true)
    expect(roleCan('manager', 'launch')).toBe(true)
    expect(roleCan('fulfilment', 'launch')).toBe(false)
    expect(roleCan('editor', 'launch')).toBe(false)
  })

  it('gives the editor content alone', () => {
    expect(permissionsOf('editor')).toEqual(['content'])
  })
})
