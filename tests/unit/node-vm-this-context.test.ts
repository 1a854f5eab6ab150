// @vitest-environment jsdom
/**
 * vm.runInThisContext and Script#runInThisContext in the offline runtime's `node`: code runs as a script of its own
 * in the global scope, sloppy unless it says otherwise, as in Node.
 */
import { describe, expect, it } from 'vitest';
import { node, workspace } from './node-run-helpers';

const script = (lines: string[]) => lines.join('\n');

describe('vm: code run in this context', () => {
  it('assigns undeclared names and declares top-level vars and functions as globals, not in the caller', async () => {
    const vfs = workspace({
      '/main.js': script([
        "'use strict';",
        "const vm = require('vm');",
        "const local = 'caller';",
        'vm.runInThisContext(\'vmAssigned = "foo"; var vmDeclared = 2; function vmFunction() { return 3; }\');',
        'console.log(globalThis.vmAssigned, globalThis.vmDeclared, globalThis.vmFunction());',
        "console.log(vm.runInThisContext('typeof local'));",
        "console.log(new vm.Script('this === globalThis && (scriptAssigned = 4)').runInThisContext(), globalThis.scriptAssigned);",
      ]),
    });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 0, output: 'foo 2 3\nundefined\n4 4\n' });
  });

  it("keeps the code's own strictness, and names the file it was given in stack traces", async () => {
    const vfs = workspace({
      '/main.js': script([
        "const vm = require('vm');",
        'try { vm.runInThisContext(\'"use strict"; strictUndeclared = 1;\'); } catch (e) { console.log(e.name); }',
        "try { vm.runInThisContext('throw new Error(\"here\")', { filename: 'my-file.vm' }); } catch (e) { console.log(/my-file\\.vm/.test(e.stack)); }",
      ]),
    });
    expect(await node(vfs, ['main.js'])).toMatchObject({ code: 0, output: 'ReferenceError\ntrue\n' });
  });
});
