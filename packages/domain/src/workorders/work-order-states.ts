/**
 * The work order life cycle (R1.2 "work orders"): open → assigned → in progress → resolved → closed, and reopen.
 * The one owner of which step is allowed from where and by whom: the server refuses with it and the page offers its
 * buttons with it, so both always agree.
 */
export const WORK_ORDER_STATES = ['open', 'assigned', 'inProgress', 'resolved', 'closed'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

/** Steps a user takes. `assign` also re-assigns; it has its own endpoint because it names a user. */
export const WORK_ORDER_ACTIONS = ['assign', 'start', 'resolve', 'close', 'reopen'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];
/** The steps of POST /api/work-orders/:id/transition (everything but assign). */
export const WORK_ORDER_TRANSITIONS = ['start', 'resolve', 'close', 'reopen'] as const;
export type WorkOrderTransition = (typeof WORK_ORDER_TRANSITIONS)[number];

/** States in which the work is finished: no overdue flag, and only reopen leads on. */
export const WORK_ORDER_DONE_STATES: readonly WorkOrderState[] = ['resolved', 'closed'];

export interface WorkOrderSituation {
  state: WorkOrderState;
  /** Whether someone is assigned (reopen returns to `assigned` then, else to `open`). */
  hasAssignee: boolean;
}

/**
 * Who the actor is to the work order. The one who does the work does not sign it off: closing a resolved order is
 * for its creator or a superior of the assignee, never the assignee alone (issue 38).
 */
export interface WorkOrderActor {
  /** The actor is the assignee or one of the assignee's superiors: only they start and resolve the work. */
  actsForAssignee: boolean;
  /** The actor created the work order. */
  isCreator: boolean;
  /** The actor is a superior of the assignee (strictly above them, not the assignee). */
  aboveAssignee: boolean;
}

/** Who the actor is to the work order's text: its creator or one of the creator's superiors edits it. */
export interface WorkOrderEditor {
  actsForCreator: boolean;
}

const FROM: Record<WorkOrderAction, readonly WorkOrderState[]> = {
  // Re-assigning work already under way hands it over: the new assignee starts it again.
  assign: ['open', 'assigned', 'inProgress'],
  start: ['assigned'],
  resolve: ['inProgress'],
  close: ['resolved'],
  reopen: ['resolved', 'closed'],
};

/** The state a step leads to from a situation, or undefined when the step is not allowed there. */
export function workOrderNextState(situation: WorkOrderSituation, action: WorkOrderAction): WorkOrderState | undefined {
  if (!FROM[action].includes(situation.state)) return undefined;
  switch (action) {
    case 'assign':
      return 'assigned';
    case 'start':
      return situation.hasAssignee ? 'inProgress' : undefined;
    case 'resolve':
      return 'resolved';
    case 'close':
      return 'closed';
    case 'reopen':
      return situation.hasAssignee ? 'assigned' : 'open';
  }
}

/** Whether only the assignee (or a superior of theirs) may take the step. */
export function workOrderActionNeedsAssignee(action: WorkOrderAction): boolean {
  return action === 'start' || action === 'resolve';
}

/** Whether the actor may take the step, whatever the state: start and resolve the assignee's, close the signer's. */
function actorMay(action: WorkOrderAction, actor: WorkOrderActor): boolean {
  if (workOrderActionNeedsAssignee(action)) return actor.actsForAssignee;
  if (action === 'close') return actor.isCreator || actor.aboveAssignee;
  return true;
}

/**
 * Why a step is refused: 'state' (not from this state: 409), 'actor' (start and resolve: not the assignee's work;
 * close: neither the creator nor a superior of the assignee: 403), or undefined when it is allowed.
 */
export function workOrderRefusal(
  situation: WorkOrderSituation,
  action: WorkOrderAction,
  actor: WorkOrderActor,
): 'state' | 'actor' | undefined {
  if (workOrderNextState(situation, action) === undefined) return 'state';
  if (!actorMay(action, actor)) return 'actor';
  return undefined;
}

/** Whether the editor may change the work order's text (title, type, priority, description, due day). */
export function mayEditWorkOrder(editor: WorkOrderEditor): boolean {
  return editor.actsForCreator;
}

/** The steps this actor may take now, in life-cycle order (the page's buttons). */
export function allowedWorkOrderActions(situation: WorkOrderSituation, actor: WorkOrderActor): WorkOrderAction[] {
  return WORK_ORDER_ACTIONS.filter((action) => workOrderRefusal(situation, action, actor) === undefined);
}

/** Overdue: not finished and the due day is before `today` (both "YYYY-MM-DD", compared as text). */
export function isWorkOrderOverdue(state: WorkOrderState, due: string | null, today: string): boolean {
  return due !== null && !WORK_ORDER_DONE_STATES.includes(state) && due < today;
}
