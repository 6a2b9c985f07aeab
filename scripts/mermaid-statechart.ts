import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

// A machine's definition walked into a Mermaid state diagram (scripts/machine-diagrams.ts writes them into
// machines/README.md): states, initial states, transitions with their event, guard and named effects.

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allNodes(child),
  ]);
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...(node.always ?? []), ...[...node.transitions.values()].flat()];
}

export function countDefinition(machine: AnyStateMachine): { states: number; transitions: number } {
  const nodes = allNodes(machine.root);
  return {
    states: nodes.length,
    transitions: [machine.root, ...nodes].reduce((total, node) => total + transitionsOf(node).length, 0),
  };
}

function mermaidId(node: AnyStateNode, machine: AnyStateMachine): string {
  const keys = allNodes(machine.root).filter((other) => other.key === node.key);
  return keys.length > 1 ? node.path.join('_') : node.key;
}

/** An invoked actor by its src: an invoke without an id gets a generated one ('0.playback.loading'). */
function actorName(t: AnyTransitionDefinition, prefix: string): string {
  const id = t.eventType.slice(prefix.length);
  const invoke = (t.source.invoke as Array<{ id: string; src: unknown }>).find((other) => other.id === id);
  return typeof invoke?.src === 'string' ? invoke.src : id;
}

function eventLabel(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  if (type === '') return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after(${after[1]})`;
  if (type.startsWith('xstate.done.actor.')) return `done(${actorName(t, 'xstate.done.actor.')})`;
  if (type.startsWith('xstate.error.actor.')) return `error(${actorName(t, 'xstate.error.actor.')})`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

function guardLabel(t: AnyTransitionDefinition): string {
  const guard = t.guard as { type?: string } | string | undefined;
  if (!guard) return '';
  return ` [${typeof guard === 'string' ? guard : (guard.type ?? 'guard')}]`;
}

/** Named effects only: context assignments are the machine's own business, not part of the picture. */
function actionLabel(t: AnyTransitionDefinition, machine: AnyStateMachine): string {
  const names = effectNames(t.actions as unknown[], machine);
  const stays = t.target ? '' : ' (internal)';
  return `${stays}${names.length ? ` / ${names.join(', ')}` : ''}`;
}

function effectNames(actions: readonly unknown[], machine: AnyStateMachine): string[] {
  return actions
    .map((action) => {
      if (typeof action === 'string') return action;
      if (action && typeof action === 'object' && 'type' in action)
        return String((action as { type: unknown }).type);
      return null;
    })
    .filter((name): name is string => name !== null && isEffect(name, machine));
}

function isEffect(name: string, machine: AnyStateMachine): boolean {
  const implementation: unknown = machine.implementations.actions[name];
  // assign() actions carry the type 'xstate.assign'; effects are plain functions the app replaces.
  return (
    typeof implementation === 'function' && (implementation as { type?: unknown }).type !== 'xstate.assign'
  );
}

function renderNode(node: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]): void {
  const id = mermaidId(node, machine);
  const children = Object.values(node.states as Record<string, AnyStateNode>);
  if (children.length) {
    lines.push(`${indent}state ${id} {`);
    renderChildren(node, machine, `${indent}  `, lines);
    lines.push(`${indent}}`);
  }
  const entry = effectNames(node.entry as unknown[], machine);
  if (entry.length) lines.push(`${indent}${id} : entry / ${entry.join(', ')}`);
  for (const invoke of node.invoke as Array<{ src: unknown; id: string }>) {
    lines.push(`${indent}${id} : invokes ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`);
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
}

function renderChildren(
  parent: AnyStateNode,
  machine: AnyStateMachine,
  indent: string,
  lines: string[],
): void {
  const children = Object.values(parent.states as Record<string, AnyStateNode>);
  const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial, machine)}`);
  for (const child of children) renderNode(child, machine, indent, lines);
  for (const child of children) {
    for (const t of transitionsOf(child)) {
      const targets = (t.target ?? [child]) as AnyStateNode[];
      for (const target of targets) {
        const label = `${eventLabel(t)}${guardLabel(t)}${actionLabel(t, machine)}`;
        lines.push(`${indent}${mermaidId(child, machine)} --> ${mermaidId(target, machine)} : ${label}`);
      }
    }
  }
}

export function renderDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  renderChildren(machine.root, machine, '  ', lines);
  for (const t of transitionsOf(machine.root)) {
    for (const target of (t.target ?? []) as AnyStateNode[]) {
      lines.push(
        `  note right of ${mermaidId(target, machine)} : from any state, ${eventLabel(t)}${actionLabel(t, machine)}`,
      );
    }
  }
  return lines.join('\n');
}
