// A rendered resource as YAML, by its JSON (far quicker to write than YAML): most resources of an overlay
// are the same from one rendering to the next. One table per overlay, of its last rendering; its own file,
// as the rendered checks, the owner references and the owner trees all index the same texts.
import { renderedYamlText } from '../../core/yamlText';
import type { JsonObject } from '../../workspace/kustomize/render';

export class RenderedTexts {
  /** A resource the rendering steps handed back unchanged (RenderMemo) is the same object: its text too. */
  private readonly ofObject = new WeakMap<JsonObject, string>();

  /** Per overlay: the YAML of each rendered resource's JSON, of its last rendering. */
  private readonly byOverlay = new Map<string, Map<string, string>>();

  /** The kinds changed: the tables start again (the texts do not depend on the kinds, the tables' size does). */
  reset(): void {
    this.byOverlay.clear();
  }

  /** A kustomization gone: its table goes. */
  forget(uri: string): void {
    this.byOverlay.delete(uri);
  }

  /** The writer of one rendering of an overlay: what it writes is the table of that overlay's next lookup. */
  of(kustomization: string): (resource: JsonObject) => string {
    const last = this.byOverlay.get(kustomization) ?? new Map<string, string>();
    const next = new Map<string, string>();
    this.byOverlay.set(kustomization, next);
    return (resource) => {
      const known = this.ofObject.get(resource);
      if (known !== undefined) return known;
      const json = JSON.stringify(resource);
      const yaml = next.get(json) ?? last.get(json) ?? renderedYamlText(resource);
      next.set(json, yaml);
      this.ofObject.set(resource, yaml);
      return yaml;
    };
  }
}
