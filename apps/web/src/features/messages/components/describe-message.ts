import type { TFunction } from 'i18next';
import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS, alarmByCode, type AlarmSeverity } from '@voltfleet/domain/alarms';
import { COMMAND_KINDS, commandKindName, type CommandKind } from '@voltfleet/domain/commands';
import { type Lang } from '@voltfleet/domain/i18n';
import { type Message } from '@voltfleet/domain/notices';
import { BUILTIN_ROLE_TEXTS, isBuiltinRoleKey } from '@voltfleet/domain/permissions';
import { firmwareVersionText } from '@voltfleet/osim';
import { formatPlantTime } from '@/lib/format';
import { message } from '@/lib/i18n';
import { alarmText } from '@/lib/labels';

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A failure reason ("notAllowed", "command:notAllowed") in the reader's words, or its code when unknown. */
function reasonText(t: TFunction, reason: unknown): string | undefined {
  if (typeof reason !== 'string' || reason === '') return undefined;
  const code = reason.replace(/^command:/, '');
  return t(`commands.reasons.${code}`, { defaultValue: code });
}

/** The final states a batch's message counts, in the order its sentence names them. */
const BATCH_OUTCOMES = ['succeeded', 'failed', 'timedOut', 'expired'] as const;

/** A batch's size and outcome: "9 succeeded, 1 failed" (the states no device ended in are left out). */
function batchValues(p: Message['params'], t: TFunction, lang: Lang): { total: string; outcome: string } {
  const parts = BATCH_OUTCOMES.flatMap((state) => {
    const count = p[state];
    return typeof count === 'number' && count > 0 ? [t(`inbox.batchOutcome.${state}`, { n: text(count) })] : [];
  });
  return { total: text(p.total), outcome: parts.join(lang === 'zh' ? '，' : ', ') };
}

/** The interpolation values of a message's sentence, by kind: names from the catalogues in the reader's language. */
function valuesOf(msg: Message, t: TFunction, lang: Lang): Record<string, string> {
  const p = msg.params;
  switch (msg.kind) {
    case 'alarm': {
      const code = text(p.code);
      const severity = text(p.severity);
      return {
        name: alarmText(alarmByCode(code)) ?? code,
        severity: (ALARM_SEVERITIES as readonly string[]).includes(severity)
          ? message(ALARM_SEVERITY_LABELS[severity as AlarmSeverity])
          : severity,
        sn: text(p.deviceSn),
        plant: text(p.plantName),
      };
    }
    case 'command': {
      const kind = text(p.commandKind);
      return {
        command: (COMMAND_KINDS as readonly string[]).includes(kind)
          ? message(commandKindName(kind as CommandKind))
          : kind,
        sn: text(p.deviceSn),
        ...(msg.event === 'batch' ? batchValues(p, t, lang) : {}),
      };
    }
    case 'upgrade':
      return { sn: text(p.deviceSn), kind: text(p.firmwareKind), version: firmwareVersionText(text(p.version)) ?? '—' };
    case 'workorder':
      // The state in the reader's words (the work-order page's names), its key only if unknown.
      return {
        title: text(p.title),
        state: t(`workOrders.states.${text(p.state)}`, { defaultValue: text(p.state) }),
        by: text(p.by),
      };
    case 'notice':
      return { version: text(p.version) };
    case 'account': {
      // A registration names the built-in role it asked for by key: the reader reads its name.
      const role = text(p.role);
      return {
        name: text(p.name),
        username: text(p.username),
        roleName: isBuiltinRoleKey(role) ? message(BUILTIN_ROLE_TEXTS[role].name) : role,
        superior: text(p.superior),
      };
    }
    case 'system':
      // An SMS budget reached: which one in the reader's words; a webhook switched off: its address.
      return {
        budget: t(`inbox.smsBudgets.${text(p.budget)}`, { defaultValue: text(p.budget) }),
        limit: text(p.limit),
        url: text(p.url),
      };
  }
}

/**
 * What a message says in the reader's language: its sentence (`inbox.<kind>.<event>`) and a detail line (an alarm's
 * time in its plant's zone, a failure's reason). A message stores no words, so a language switch re-renders it.
 */
export function describeMessage(message: Message, t: TFunction, lang: Lang): { text: string; detail?: string } {
  const key = `inbox.${message.kind}.${message.event}`;
  const sentence = t(key, {
    ...valuesOf(message, t, lang),
    defaultValue: t('inbox.unknown', { kind: t(`inbox.kinds.${message.kind}`) }),
  });
  const p = message.params;
  if (message.kind === 'alarm' && typeof p.at === 'string') {
    return { text: sentence, detail: t('inbox.alarmAt', { at: formatPlantTime(p.at, text(p.timeZone) || null) }) };
  }
  const reason = message.kind === 'command' || message.kind === 'upgrade' ? reasonText(t, p.reason) : undefined;
  return reason ? { text: sentence, detail: reason } : { text: sentence };
}
