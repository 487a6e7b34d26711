import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATES,
  allowedWorkOrderActions,
  isWorkOrderOverdue,
  workOrderNextState,
  workOrderRefusal,
  type WorkOrderAction,
  type WorkOrderState,
} from './work-order-states.js';
import { readWorkOrderPrefill, workOrderFromAlarmLink, workOrderLink } from './work-order-links.js';

const assigned = { hasAssignee: true };
const unassigned = { hasAssignee: false };

describe('workOrderNextState', () => {
  it.each<[WorkOrderState, boolean, WorkOrderAction, WorkOrderState | undefined]>([
    ['open', false, 'assign', 'assigned'],
    ['assigned', true, 'assign', 'assigned'],
    ['inProgress', true, 'assign', 'assigned'],
    ['resolved', true, 'assign', undefined],
    ['closed', true, 'assign', undefined],
    ['assigned', true, 'start', 'inProgress'],
    ['open', false, 'start', undefined],
    ['inProgress', true, 'start', undefined],
    ['inProgress', true, 'resolve', 'resolved'],
    ['assigned', true, 'resolve', undefined],
    ['resolved', true, 'close', 'closed'],
    ['inProgress', true, 'close', undefined],
    ['open', false, 'close', undefined],
    ['resolved', true, 'reopen', 'assigned'],
    ['closed', true, 'reopen', 'assigned'],
    ['closed', false, 'reopen', 'open'],
    ['open', false, 'reopen', undefined],
    ['inProgress', true, 'reopen', undefined],
  ])('%s (assignee: %s) --%s--> %s', (state, hasAssignee, action, next) => {
    expect(workOrderNextState({ state, hasAssignee }, action)).toBe(next);
  });

  it('never leads outside the known states', () => {
    for (const state of WORK_ORDER_STATES)
      for (const action of WORK_ORDER_ACTIONS) {
        const next = workOrderNextState({ state, ...assigned }, action);
        if (next !== undefined) expect(WORK_ORDER_STATES).toContain(next);
      }
  });
});

describe('workOrderRefusal and allowedWorkOrderActions', () => {
  it('leaves start and resolve to the assignee and their superiors', () => {
    expect(workOrderRefusal({ state: 'assigned', ...assigned }, 'start', { actsForAssignee: false })).toBe('actor');
    expect(workOrderRefusal({ state: 'assigned', ...assigned }, 'start', { actsForAssignee: true })).toBeUndefined();
    expect(workOrderRefusal({ state: 'inProgress', ...assigned }, 'resolve', { actsForAssignee: false })).toBe('actor');
  });

  it('names a wrong state before a wrong actor', () => {
    expect(workOrderRefusal({ state: 'closed', ...assigned }, 'start', { actsForAssignee: false })).toBe('state');
  });

  it.each<[WorkOrderState, boolean, boolean, WorkOrderAction[]]>([
    ['open', false, false, ['assign']],
    ['assigned', true, true, ['assign', 'start']],
    ['assigned', true, false, ['assign']],
    ['inProgress', true, true, ['assign', 'resolve']],
    ['inProgress', true, false, ['assign']],
    ['resolved', true, false, ['close', 'reopen']],
    ['closed', false, false, ['reopen']],
  ])('in %s (assignee %s, acting for them %s) offers %j', (state, hasAssignee, actsForAssignee, actions) => {
    expect(allowedWorkOrderActions({ state, hasAssignee }, { actsForAssignee })).toEqual(actions);
  });

  it('offers nothing that the refusal rule would refuse', () => {
    for (const state of WORK_ORDER_STATES)
      for (const situation of [assigned, unassigned])
        for (const actsForAssignee of [true, false])
          for (const action of allowedWorkOrderActions({ state, ...situation }, { actsForAssignee }))
            expect(workOrderRefusal({ state, ...situation }, action, { actsForAssignee })).toBeUndefined();
  });
});

describe('isWorkOrderOverdue', () => {
  it.each<[WorkOrderState, string | null, boolean]>([
    ['open', '2026-03-01', true],
    ['inProgress', '2026-03-01', true],
    ['open', '2026-03-02', false],
    ['open', '2026-03-03', false],
    ['resolved', '2026-03-01', false],
    ['closed', '2026-03-01', false],
    ['open', null, false],
  ])('%s due %s on 2026-03-02: %s', (state, due, overdue) => {
    expect(isWorkOrderOverdue(state, due, '2026-03-02')).toBe(overdue);
  });
});

describe('links into the page', () => {
  it('carries an alarm prefill there and back', () => {
    const prefill = { alarmId: 12, plantId: 3, deviceId: 4, sn: 'SN 1&2', title: 'Grid voltage high' };
    const link = workOrderFromAlarmLink(prefill);
    expect(link.startsWith('/workOrders?')).toBe(true);
    expect(readWorkOrderPrefill(new URLSearchParams(link.split('?')[1]))).toEqual(prefill);
  });

  it.each(['create=alarm&alarmId=x&deviceId=4', 'alarmId=1&deviceId=4', 'create=alarm&alarmId=1'])(
    'reads no prefill from %s',
    (query) => expect(readWorkOrderPrefill(new URLSearchParams(query))).toBeNull(),
  );

  it('links one work order', () => expect(workOrderLink(7)).toBe('/workOrders?open=7'));
});
