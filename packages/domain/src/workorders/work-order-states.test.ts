import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATES,
  allowedWorkOrderActions,
  isWorkOrderOverdue,
  mayEditWorkOrder,
  workOrderNextState,
  workOrderRefusal,
  type WorkOrderAction,
  type WorkOrderState,
} from './work-order-states.js';
import { readWorkOrderPrefill, workOrderFromAlarmLink, workOrderLink } from './work-order-links.js';

const assigned = { hasAssignee: true };
const unassigned = { hasAssignee: false };
/** Who the actor is: the assignee, a superior of theirs, the creator, or someone else who sees the order. */
const assignee = { actsForAssignee: true, isCreator: false, aboveAssignee: false };
const superior = { actsForAssignee: true, isCreator: false, aboveAssignee: true };
const creator = { actsForAssignee: false, isCreator: true, aboveAssignee: false };
const other = { actsForAssignee: false, isCreator: false, aboveAssignee: false };
const ACTORS = [assignee, superior, creator, other, { ...assignee, isCreator: true }];

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
    expect(workOrderRefusal({ state: 'assigned', ...assigned }, 'start', creator)).toBe('actor');
    expect(workOrderRefusal({ state: 'assigned', ...assigned }, 'start', assignee)).toBeUndefined();
    expect(workOrderRefusal({ state: 'inProgress', ...assigned }, 'resolve', other)).toBe('actor');
  });

  it('leaves closing to the creator and the superiors of the assignee, never the assignee alone', () => {
    const resolved = { state: 'resolved' as const, ...assigned };
    expect(workOrderRefusal(resolved, 'close', assignee)).toBe('actor');
    expect(workOrderRefusal(resolved, 'close', other)).toBe('actor');
    expect(workOrderRefusal(resolved, 'close', creator)).toBeUndefined();
    expect(workOrderRefusal(resolved, 'close', superior)).toBeUndefined();
    // Whoever assigned themselves their own order signs it off as its creator.
    expect(workOrderRefusal(resolved, 'close', { ...assignee, isCreator: true })).toBeUndefined();
  });

  it('names a wrong state before a wrong actor', () => {
    expect(workOrderRefusal({ state: 'closed', ...assigned }, 'start', creator)).toBe('state');
    expect(workOrderRefusal({ state: 'inProgress', ...assigned }, 'close', assignee)).toBe('state');
  });

  it.each<[WorkOrderState, boolean, string, WorkOrderAction[]]>([
    ['open', false, 'other', ['assign']],
    ['assigned', true, 'assignee', ['assign', 'start']],
    ['assigned', true, 'creator', ['assign']],
    ['inProgress', true, 'assignee', ['assign', 'resolve']],
    ['inProgress', true, 'creator', ['assign']],
    ['resolved', true, 'creator', ['close', 'reopen']],
    ['resolved', true, 'superior', ['close', 'reopen']],
    ['resolved', true, 'assignee', ['reopen']],
    ['closed', false, 'other', ['reopen']],
  ])('in %s (assignee %s) offers the %s %j', (state, hasAssignee, who, actions) => {
    const actor = { assignee, superior, creator, other }[who]!;
    expect(allowedWorkOrderActions({ state, hasAssignee }, actor)).toEqual(actions);
  });

  it('offers nothing that the refusal rule would refuse', () => {
    for (const state of WORK_ORDER_STATES)
      for (const situation of [assigned, unassigned])
        for (const actor of ACTORS)
          for (const action of allowedWorkOrderActions({ state, ...situation }, actor))
            expect(workOrderRefusal({ state, ...situation }, action, actor)).toBeUndefined();
  });
});

describe('mayEditWorkOrder', () => {
  it('leaves the text to the creator and their superiors', () => {
    expect(mayEditWorkOrder({ actsForCreator: true })).toBe(true);
    expect(mayEditWorkOrder({ actsForCreator: false })).toBe(false);
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
