/**
 * Shared set-up of the CDK tests: the control-plane stack synthesized once per test file,
 * with the feature flags of cdk.json (so the tests see what `cdk synth` produces) and with
 * bundling skipped (esbuild is exercised by `cdk synth` itself, not by every unit test).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ControlPlaneStack, type ControlPlaneStackProps } from '../../lib/control-plane/control-plane-stack';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The context of cdk.json plus "bundle no stack". */
export function testContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] };
}

export function testApp(props: AppProps = {}): App {
  return new App({ ...props, context: { ...testContext(), ...props.context } });
}

export interface SynthesizedControlPlane {
  readonly app: App;
  readonly stack: ControlPlaneStack;
  readonly template: Template;
}

/** A fresh app with one control-plane stack, synthesized. */
export function synthControlPlane(props: ControlPlaneStackProps = {}, appProps: AppProps = {}): SynthesizedControlPlane {
  const app = testApp(appProps);
  const stack = new ControlPlaneStack(app, 'ControlPlaneTest', props);
  return { app, stack, template: Template.fromStack(stack) };
}

/** Minimal shapes of the synthesized template that the tests read. */
export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export interface PolicyStatementJson {
  readonly Sid?: string;
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

export function asArray<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}
