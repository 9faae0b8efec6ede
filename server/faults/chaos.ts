/**
 * Mailpit's chaos triggers (docs/spec/mailpit-api.md#26-checks) as our SMTP fault rules: Sender answers MAIL,
 * Recipient RCPT and Authentication AUTH with `<code> Chaos sender error` (recipient, authentication) at the
 * trigger's probability. A trigger that is not at its default (error code 451, 451 or 535, probability 0) is one
 * rule of the workspace, marked as that trigger; the triggers are read back from those rules, so a chaos rule
 * deleted on the Controls page or by a reset is a trigger back at its default.
 */
import type { ChaosTriggerName, FaultRule, FaultRules, FaultSpec } from './fault-rules.js';

export interface ChaosTrigger {
  ErrorCode: number;
  Probability: number;
}

/** Mailpit's `chaos.Triggers`, in its key order. */
export type ChaosTriggers = Record<ChaosTriggerName, ChaosTrigger>;

export const CHAOS_TRIGGER_NAMES: readonly ChaosTriggerName[] = ['Sender', 'Recipient', 'Authentication'];

const TRIGGERS: Record<ChaosTriggerName, { command: 'MAIL' | 'RCPT' | 'AUTH'; defaultCode: number; text: string }> = {
  Sender: { command: 'MAIL', defaultCode: 451, text: 'Chaos sender error' },
  Recipient: { command: 'RCPT', defaultCode: 451, text: 'Chaos recipient error' },
  Authentication: { command: 'AUTH', defaultCode: 535, text: 'Chaos authentication error' },
};

/** Mailpit's check of a trigger (`chaos.Set`): the text of its 400, or null. */
export function chaosTriggerProblem(trigger: ChaosTrigger): string | null {
  if (trigger.ErrorCode < 400 || trigger.ErrorCode > 599) return 'error code must be between 400 and 599';
  if (trigger.Probability < 0 || trigger.Probability > 100) return 'probability must be between 0 and 100';
  return null;
}

/** An error code of 0 (or none given) is the trigger's default, as in Mailpit's `SetFromStruct`. */
export function withDefaultCode(name: ChaosTriggerName, trigger: ChaosTrigger): ChaosTrigger {
  return trigger.ErrorCode === 0 ? { ...trigger, ErrorCode: TRIGGERS[name].defaultCode } : trigger;
}

/** The workspace's triggers, read from its chaos rules. */
export function chaosTriggers(rules: readonly FaultRule[]): ChaosTriggers {
  const triggers = {} as ChaosTriggers;
  for (const name of CHAOS_TRIGGER_NAMES) {
    const rule = rules.find((candidate) => candidate.chaos === name);
    triggers[name] =
      rule === undefined
        ? { ErrorCode: TRIGGERS[name].defaultCode, Probability: 0 }
        : {
            ErrorCode: (rule.spec.reply as { code: number }).code,
            Probability: Math.round((rule.spec.probability ?? 1) * 100),
          };
  }
  return triggers;
}

/** Sets the workspace's triggers (checked already): each one not at its default becomes its rule. */
export function setChaosTriggers(faults: FaultRules, workspaceId: number, triggers: ChaosTriggers): void {
  const rules: Array<{ name: ChaosTriggerName; spec: FaultSpec }> = [];
  for (const name of CHAOS_TRIGGER_NAMES) {
    const { ErrorCode, Probability } = triggers[name];
    const { command, defaultCode, text } = TRIGGERS[name];
    if (ErrorCode === defaultCode && Probability === 0) continue;
    rules.push({
      name,
      spec: { smtp: command, reply: { code: ErrorCode, message: text }, probability: Probability / 100 },
    });
  }
  faults.replaceChaos(workspaceId, rules);
}
