#!/usr/bin/env python3
"""Lists the Swift functions (func, init, deinit, subscripts, computed properties) longer than N
lines, from the declaration's first line to its closing brace (braces in strings and comments do
not count), longest first, then the longest of all. Nested functions count on their own too.

    scripts/function-lengths.py 80 $(find Sources/gst-warp-launch Sources/WarpLaunchKit -name '*.swift')
"""
import re, sys

DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|class|final|override|mutating|nonmutating|convenience|required|@discardableResult|nonisolated)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript|var\s+\w+)')

def strip(line, state):
    """Returns the line's code with strings and comments blanked; state tracks multi-line strings and block comments."""
    out = []
    i = 0
    while i < len(line):
        if state['block']:
            j = line.find('*/', i)
            if j < 0: return ''.join(out)
            state['block'] = False; i = j + 2; continue
        if state['multi']:
            j = line.find('"""', i)
            if j < 0: return ''.join(out)
            state['multi'] = False; i = j + 3; continue
        c = line[i]
        if line.startswith('//', i): break
        if line.startswith('/*', i): state['block'] = True; i += 2; continue
        if line.startswith('"""', i): state['multi'] = True; i += 3; continue
        if c == '"':
            # single-line string, with \( ... ) interpolations (nesting counted)
            i += 1; depth = 0
            while i < len(line):
                if line.startswith('\\(', i): depth += 1; i += 2; continue
                if depth and line[i] == '(': depth += 1
                elif depth and line[i] == ')': depth -= 1
                elif line[i] == '\\': i += 2; continue
                elif line[i] == '"' and depth == 0: break
                i += 1
            i += 1; continue
        out.append(c); i += 1
    return ''.join(out)

def lengths(path):
    lines = open(path, encoding='utf-8').read().split('\n')
    state = {'block': False, 'multi': False}
    code = [strip(l, state) for l in lines]
    found = []
    for n, l in enumerate(code):
        m = DECL.match(l)
        if not m: continue
        if m.group(1).startswith('var') and '{' not in l: continue
        # find the first { at the declaration level, then its match
        depth = 0; started = False; paren = 0
        for k in range(n, len(code)):
            for ch in code[k]:
                if ch == '(' : paren += 1
                elif ch == ')': paren -= 1
                elif ch == '{':
                    depth += 1; started = True
                elif ch == '}':
                    depth -= 1
                    if started and depth == 0:
                        found.append((k - n + 1, path, n + 1, m.group(1)))
                        break
            else:
                if not started and k > n and (code[k].strip() == '' or DECL.match(code[k])): break
                continue
            break
    return found

limit = int(sys.argv[1]); files = sys.argv[2:]
allf = []
for f in files: allf += lengths(f)
allf.sort(reverse=True)
for L, p, n, name in allf:
    if L > limit: print(f'{L:4d} {p}:{n} {name}')
print(f'longest: {allf[0][0]} lines, {allf[0][1]}:{allf[0][2]} {allf[0][3]}' if allf else 'none')
