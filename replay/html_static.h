/* SPDX-License-Identifier: MIT */
/*
 * The fixed parts of the --html page (docs/html.md): its style sheet, its
 * script (keyboard stepping, the rcu_node panel, what the browser laid out
 * for the test), the legend and the panel's frame.
 */
#ifndef RCUFUZZ_REPLAY_HTML_STATIC_H
#define RCUFUZZ_REPLAY_HTML_STATIC_H

extern const char html_style[];
extern const char html_script[];
extern const char html_legend[];
extern const char html_panel[];

#endif
