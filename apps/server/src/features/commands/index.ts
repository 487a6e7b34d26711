/** The commands feature's front door: what the rest of the server may use of it. */
export { CommandDispatcher, toLiveMessage } from './command-dispatcher.js';
export { startCommandJob } from './commands.job.js';
export { registerCommands } from './commands.routes.js';
export { finishCommands, insertUpgradeCommand } from './commands.service.js';
