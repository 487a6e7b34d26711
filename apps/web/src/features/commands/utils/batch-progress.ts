import { COMMAND_STATUSES, FINAL_COMMAND_STATUSES, type Command, type CommandStatus } from '@voltfleet/domain/commands';

export interface BatchProgress {
  total: number;
  /** Commands that reached a final status (the lifecycle's own list). */
  finished: number;
  /** Commands per status, in the lifecycle's order; statuses no command has are left out. */
  counts: { status: CommandStatus; count: number }[];
}

/** Where a batch stands: how many of its commands are in each status of the domain lifecycle. */
export function batchProgress(commands: readonly Pick<Command, 'status'>[]): BatchProgress {
  const counts = COMMAND_STATUSES.map((status) => ({
    status,
    count: commands.filter((c) => c.status === status).length,
  })).filter((c) => c.count > 0);
  return {
    total: commands.length,
    finished: commands.filter((c) => FINAL_COMMAND_STATUSES.includes(c.status)).length,
    counts,
  };
}
