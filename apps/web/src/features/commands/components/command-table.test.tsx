import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Command, CommandStatus } from '@voltfleet/domain/commands';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { closeLive } from '@/lib/live-socket';
import { fakeApi, ok } from '@/test/fake-api';
import { renderWithProviders, testMe } from '@/test/render';
import { useIssuedCommands } from '../api/use-issued-commands';
import { CommandTable } from './command-table';

function command(id: number, fields: Partial<Command> = {}): Command {
  return {
    id,
    deviceId: 100 + id,
    deviceSn: `SN${id}`,
    plantName: 'Roof',
    plantTimeZone: 'Europe/Prague',
    userId: 7,
    username: 'installer',
    ip: '192.0.2.7',
    kind: 'socLowerLimitPct',
    category: 'parameter',
    parameters: { socLowerLimitPct: 40 },
    status: 'queued',
    reason: null,
    createdAt: '2025-03-01T08:00:00.000Z',
    sentAt: null,
    ackedAt: null,
    finishedAt: null,
    expiresAt: '2025-03-01T08:10:00.000Z',
    ...fields,
  };
}

/** The status cell of a command's row (rows are named by serial number and kind). */
const statusOf = (c: Pick<Command, 'deviceSn' | 'kind'>) =>
  within(screen.getByTestId(`command-row-${c.deviceSn}-${c.kind}`)).getByTestId('command-status');

/** The tab's live socket, played by the test: it opens, delivers messages and drops when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no live socket was opened');
    return socket;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(message: LiveMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
  drop() {
    act(() => this.onclose?.());
  }
}

const live = (
  c: Command,
  status: CommandStatus,
  reason: string | null = null,
  finishedAt: string | null = null,
): LiveMessage => ({
  type: 'commandStatus',
  commandId: c.id,
  deviceId: c.deviceId,
  status,
  reason,
  finishedAt,
});

/** The command page's composition: the issued commands kept current live, in the table. */
function IssuedCommands({ answer }: { answer: readonly Command[] }) {
  const { issued, add } = useIssuedCommands();
  return (
    <>
      {/* Stands for the issue request's answer arriving. */}
      <button type="button" onClick={() => add(answer)}>
        answer
      </button>
      <CommandTable commands={issued} testId="issued-commands" />
    </>
  );
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  // The live socket is module state shared by the whole tab; each test starts without one.
  closeLive();
  FakeSocket.all = [];
});

describe('CommandTable', () => {
  it('shows kind, parameters, category and each status with its reason in the language', async () => {
    const commands = [
      command(1),
      command(2, { kind: 'restart', category: 'remote', parameters: { restart: 1 }, status: 'succeeded' }),
      command(3, { kind: 'workMode', parameters: { workMode: 2 }, status: 'failed', reason: 'outOfRange' }),
      command(4, { kind: 'powerOn', category: 'remote', status: 'failed', reason: 'command:notShutDown' }),
      command(5, { kind: 'onOff', parameters: { onOff: 1 }, status: 'failed', reason: 'E42 relay stuck' }),
      command(6, { kind: 'clockSync', category: 'remote', status: 'timed_out' }),
    ];
    await renderWithProviders(<CommandTable commands={commands} testId="issued-commands" />);

    const first = within(screen.getByTestId('command-row-SN1-socLowerLimitPct'));
    expect(first.getByText('SOC lower limit')).toBeInTheDocument();
    expect(first.getByText('SOC lower limit → 40 %')).toBeInTheDocument();
    expect(first.getByText('Parameter setting')).toBeInTheDocument();
    expect(within(screen.getByTestId('command-row-SN2-restart')).getByText('Remote command')).toBeInTheDocument();

    expect(statusOf(commands[0]!)).toHaveTextContent(/^Queued$/);
    expect(statusOf(commands[1]!)).toHaveTextContent(/^Succeeded$/);
    // Known reason codes are translated, the server's prefixed ones too; a device's own text is shown as it came.
    expect(statusOf(commands[2]!)).toHaveTextContent('Failed The value is outside the range the device accepts');
    expect(statusOf(commands[3]!)).toHaveTextContent(
      'Failed The inverter is not shut down; issue the shutdown command first',
    );
    expect(statusOf(commands[4]!)).toHaveTextContent('Failed E42 relay stuck');
    expect(statusOf(commands[5]!)).toHaveTextContent(/^Timed out$/);
    expect(statusOf(commands[5]!)).toHaveAttribute('data-status', 'timed_out');
  });

  it('speaks the chosen language', async () => {
    const failed = command(1, { status: 'failed', reason: 'outOfRange' });
    await renderWithProviders(<CommandTable commands={[failed]} testId="issued-commands" />, { lang: 'de' });
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(statusOf(failed)).toHaveTextContent(/^Fehlgeschlagen /);
    expect(screen.getByText('SOC-Untergrenze')).toBeInTheDocument();
  });

  it('moves a row forward on a live status and never back', async () => {
    const early = command(11, { deviceSn: 'SN-EARLY' });
    const later = command(12, { deviceSn: 'SN-LATER' });
    const { user } = await renderWithProviders(<IssuedCommands answer={[early, later]} />, { me: testMe() });
    const socket = FakeSocket.latest();
    expect(socket.url).toMatch(/\/api\/ws$/);
    socket.open();

    // A fast device: its "sent" comes live before the issue answer (which still says "queued").
    socket.push(live(early, 'sent'));
    await user.click(screen.getByRole('button', { name: 'answer' }));
    expect(statusOf(early)).toHaveTextContent(/^Sent$/);
    expect(statusOf(later)).toHaveTextContent(/^Queued$/);

    socket.push(live(later, 'acknowledged'));
    expect(statusOf(later)).toHaveTextContent(/^Acknowledged$/);
    socket.push(live(later, 'succeeded'));
    expect(statusOf(later)).toHaveTextContent(/^Succeeded$/);
    // A "sent" that was on its way while the outcome came does not put the command back.
    socket.push(live(later, 'sent'));
    expect(statusOf(later)).toHaveTextContent(/^Succeeded$/);
    expect(statusOf(later)).toHaveAttribute('data-status', 'succeeded');

    socket.push(live(early, 'failed', 'inverterMustBeOff'));
    expect(statusOf(early)).toHaveTextContent('Failed The inverter must be switched off first');
    // Another user's command (not on this page) changes nothing here.
    socket.push(live(command(99), 'succeeded'));
    expect(screen.getAllByTestId('command-status')).toHaveLength(2);
  });

  it('shows the finishing time a live outcome carries exactly as the control records show the stored one', async () => {
    const FINISHED = '2025-03-01T08:00:09.000Z';
    const issued = command(31, { deviceSn: 'SN-LIVE' });
    const { user, unmount } = await renderWithProviders(<IssuedCommands answer={[issued]} />, { me: testMe() });
    const socket = FakeSocket.latest();
    socket.open();
    await user.click(screen.getByRole('button', { name: 'answer' }));
    const cells = () => within(screen.getByTestId('command-row-SN-LIVE-socLowerLimitPct')).getAllByRole('cell');
    socket.push(live(issued, 'sent'));
    // Open: no finishing time yet.
    const open = cells().at(-1)!.textContent;
    socket.push(live(issued, 'succeeded', null, FINISHED));
    const liveText = cells().at(-1)!.textContent;
    expect(liveText).not.toBe(open);
    unmount();

    // The control records list the stored command with the same table.
    await renderWithProviders(
      <CommandTable commands={[{ ...issued, status: 'succeeded', finishedAt: FINISHED }]} testId="control-records" />,
    );
    expect(cells().at(-1)!.textContent).toBe(liveText);
  });

  it('fetches the open commands again after the live socket was down', async () => {
    const open = command(21, { deviceSn: 'SN-OPEN' });
    const done = command(22, { deviceSn: 'SN-DONE', status: 'succeeded' });
    const api = fakeApi({ 'GET /api/commands/21': ok({ ...open, status: 'failed', reason: 'readFailed' }) });
    // The first reconnect then waits its shortest time (half a second).
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { user } = await renderWithProviders(<IssuedCommands answer={[open, done]} />, { me: testMe() });
    FakeSocket.latest().open();
    await user.click(screen.getByRole('button', { name: 'answer' }));

    // What happened while the socket was down was never pushed.
    const dropped = FakeSocket.latest();
    dropped.drop();
    await waitFor(() => expect(FakeSocket.latest()).not.toBe(dropped), { timeout: 2000 });
    FakeSocket.latest().open();

    await waitFor(() => expect(statusOf(open)).toHaveTextContent('Failed Reading the device parameters failed'));
    // Only the command that could still change was asked for.
    expect(api.calls.map((c) => c.path)).toEqual(['/api/commands/21']);
    expect(statusOf(done)).toHaveTextContent(/^Succeeded$/);
  });

  it('fetches the open commands again when the server says it may have missed events (resync)', async () => {
    const open = command(31, { deviceSn: 'SN-RESYNC' });
    const done = command(32, { deviceSn: 'SN-FINAL', status: 'succeeded' });
    const api = fakeApi({ 'GET /api/commands/31': ok({ ...open, status: 'succeeded' }) });
    const { user } = await renderWithProviders(<IssuedCommands answer={[open, done]} />, { me: testMe() });
    FakeSocket.latest().open();
    await user.click(screen.getByRole('button', { name: 'answer' }));
    expect(api.calls).toEqual([]);

    FakeSocket.latest().push({ type: 'resync' });
    await waitFor(() => expect(statusOf(open)).toHaveTextContent(/^Succeeded$/));
    expect(api.calls.map((c) => c.path)).toEqual(['/api/commands/31']);
  });
});
