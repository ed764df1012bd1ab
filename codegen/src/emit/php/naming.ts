/**
 * Names of generated PHP classes and files, in one place so every emitter
 * (and the hand-written code they reference) agrees.
 */
import type { ModelPlugin } from '../../model/model.js';
import { pascalSnake } from './writer.js';

export function classPrefix(plugin: Pick<ModelPlugin, 'id'>): string {
	return plugin.id === 'core' ? 'MVS' : `MVS_${pascalSnake(plugin.id)}`;
}

/** Plugin-level classes always carry the plugin id: MVS_Core_Schema, MVS_Pro_Schema. */
function pluginPrefix(plugin: Pick<ModelPlugin, 'id'>): string {
	return `MVS_${pascalSnake(plugin.id)}`;
}

export const names = {
	controller: (plugin: ModelPlugin, resource: string) => `${classPrefix(plugin)}_REST_${pascalSnake(resource)}_Controller`,
	handler: (plugin: ModelPlugin, resource: string) => `${classPrefix(plugin)}_${pascalSnake(resource)}_Handler`,
	ownerLookups: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Owner_Lookups`,
	ownerRules: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Owner_Rules`,
	ownership: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Ownership`,
	enums: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Enums`,
	routes: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Routes`,
	schema: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Schema`,
	capabilities: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Capabilities`,
	personalData: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Personal_Data`,
	mediaDeletePlan: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Media_Delete_Plan`,
	extensionFields: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Extension_Fields`,
	classMap: (plugin: ModelPlugin) => `${pluginPrefix(plugin)}_Class_Map`,
	args: (plugin: ModelPlugin, route: string) => `${classPrefix(plugin)}_${pascalSnake(route)}_Args`,
	errors: () => 'MVS_Errors',
	lookupMethod: (lookup: string) => `is_${lookup}`,
	packageName: (plugin: ModelPlugin) => (plugin.id === 'core' ? 'MediaCommunityService' : `MediaCommunityService${pascalSnake(plugin.id).replace(/_/g, '')}`),
};

/** WordPress file naming: class-foo-bar.php / interface-foo-bar.php. */
export function phpFileName(kind: 'class' | 'interface', className: string): string {
	return `${kind}-${className.toLowerCase().replace(/_/g, '-')}.php`;
}
