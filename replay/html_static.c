/* SPDX-License-Identifier: MIT */
/* The fixed parts of the --html page: see html_static.h and docs/html.md. */
#include "html_static.h"

const char html_style[] =
	"body{font:13px sans-serif;margin:12px;color:#222}"
	"h1{font-size:16px}pre{background:#f4f4f4;padding:8px;overflow:auto}"
	".wrap{display:flex;border:1px solid #ccc}.scroll{overflow-x:auto;flex:1}"
	"svg text{font:10px monospace;pointer-events:none}"
	".lanename{font:bold 12px sans-serif!important}"
	".lane{fill:#fafafa;stroke:#ddd}"
	".step text{fill:#111}.park{opacity:.45}"
	".step.sel rect{stroke:#000;stroke-width:1}"
	"#cursor{fill:#36f;opacity:.18;pointer-events:none}"
	".hl{fill:none;stroke:#e00;stroke-width:3}"
	".hlline{stroke:#e00;stroke-width:1;stroke-dasharray:4 3}"
	".event rect{fill:#555}"
	".legend span{display:inline-block;padding:1px 6px;margin-right:6px;border-radius:3px}"
	"#panel{position:sticky;top:0;z-index:1;background:#fff;border:1px solid #ccc;"
	"padding:4px 8px;margin-bottom:6px}"
	"#stepinfo{font:12px monospace;white-space:pre}"
	"#nodes{border-collapse:collapse;font:12px monospace;margin-top:4px}"
	"#nodes td,#nodes th{border:1px solid #ddd;padding:1px 6px;text-align:left}";

/*
 * The selected step (steps[sel]) moves with the keys or a click; the panel
 * shows its row and the last STATE entry at or before it.  On load the page
 * selects #step=N from the URL, else the reported step, else the first, and
 * writes what the browser laid out into data-rendered for the test.
 */
const char html_script[] =
	"(function(){\n"
	"var steps=[],cur,scroller,sel=-1;\n"
	"function $(id){return document.getElementById(id);}\n"
	"function count(q){return document.querySelectorAll(q).length;}\n"
	"function stepOf(i){return +/^step (\\d+)/.exec(steps[i].firstChild.textContent)[1];}\n"
	"function stateAt(i){var lo=0,hi=STATE.length-1;while(lo<hi){var m=(lo+hi+1)>>1;"
	"if(STATE[m][0]<=i)lo=m;else hi=m-1;}return lo;}\n"
	/* A mask bit is a child rcu_node if one has that bit, else a CPU of the leaf. */
	"function bitName(k,b){for(var c=0;c<NODES.length;c++)"
	"if(NODES[c][0]==k&&NODES[c][1]==b)return 'rcu_node '+c;return 'CPU'+(NODES[k][2]+b);}\n"
	"function mask(k,m){var s=[];for(var b=0;b<32;b++)if(m>>>b&1)s.push(bitName(k,b));"
	"return m?'0x'+m.toString(16)+' ('+s.join(' ')+')':'0';}\n"
	"function ptr(n,p){return p==-1?'NULL':p==-2?'(further down)':n[6][p];}\n"
	"function cell(tr,cls,text){var td=tr.insertCell();td.className=cls;td.textContent=text;}\n"
	"function node(body,n,k){var tr=body.insertRow();tr.setAttribute('data-node',k);\n"
	" cell(tr,'node',k?k+' (under '+NODES[k][0]+')':'0 (root)');\n"
	" cell(tr,'cpus',NODES[k][2]+'-'+NODES[k][3]);\n"
	" cell(tr,'gpnum',n[0]);cell(tr,'completed',n[1]);cell(tr,'qsmask',mask(k,n[2]));\n"
	" cell(tr,'qsmaskinit',mask(k,n[3]));cell(tr,'expmask',mask(k,n[4]));\n"
	" cell(tr,'blkd_tasks',n[6].join(' ')+(n[5]>n[6].length?' +'+(n[5]-n[6].length):''));\n"
	" cell(tr,'gp_tasks',ptr(n,n[7]));cell(tr,'exp_tasks',ptr(n,n[8]));"
	"cell(tr,'boost_tasks',ptr(n,n[9]));}\n"
	"function panel(i){var s=STATE[stateAt(i)],body=$('nodes').tBodies[0];\n"
	" $('stepinfo').textContent=steps[i].firstChild.textContent;\n"
	" $('rcustate').textContent='rcu_state: gpnum '+s[1]+', completed '+s[2]+\n"
	"  (s[1]!=s[2]?' (GP '+s[1]+' in progress)':' (no GP in progress)')+'; expedited: '+\n"
	"  (s[4]?'GP '+s[3]+(s[5]?' waits: ->exp_tasks or ->expmask set':' in progress'):'none');\n"
	" body.textContent='';s[6].forEach(function(n,k){node(body,n,k);});}\n"
	"function select(i){i=Math.max(0,Math.min(steps.length-1,i));\n"
	" if(sel>=0)steps[sel].classList.remove('sel');sel=i;steps[i].classList.add('sel');\n"
	" var x=+steps[i].querySelector('rect').getAttribute('x'),w=scroller.clientWidth;\n"
	" cur.setAttribute('x',x);\n"
	" if(x<scroller.scrollLeft+40||x>scroller.scrollLeft+w-40)scroller.scrollLeft=x-w/2;\n"
	" panel(i);history.replaceState(null,'','#step='+stepOf(i));}\n"
	/* Shift+arrow: to the previous or next step where the rcu_node tree changed. */
	"function change(d){var j=stateAt(sel);if(d<0&&STATE[j][0]<sel)return STATE[j][0];\n"
	" j+=d;return j>=0&&j<STATE.length?STATE[j][0]:sel;}\n"
	"addEventListener('keydown',function(e){\n"
	" if(!steps.length||e.ctrlKey||e.altKey||e.metaKey)return;\n"
	" var d={ArrowLeft:-1,ArrowRight:1}[e.key];\n"
	" if(d)select(e.shiftKey?change(d):sel+d);else if(e.key=='Home')select(0);\n"
	" else if(e.key=='End')select(steps.length-1);else return;e.preventDefault();});\n"
	"addEventListener('load',function(){\n"
	" steps=document.querySelectorAll('g.step');cur=$('cursor');\n"
	" scroller=document.querySelector('.scroll');\n"
	" var h=$('report-event'),ok=0,i=h?steps.length-1:0;\n"
	" var want=/^#step=(\\d+)$/.exec(location.hash);\n"
	" if(h){var b=h.getBoundingClientRect();ok=(b.width>0&&b.height>0)?1:0;}\n"
	" for(var k=0;want&&k<steps.length;k++)if(stepOf(k)==+want[1])i=k;\n"
	" if(steps.length)select(i);\n"
	" if(h&&!want)h.scrollIntoView({block:'nearest',inline:'center'});\n"
	" document.querySelector('svg.lanes').addEventListener('click',function(e){\n"
	"  var g=e.target.closest('g.step');if(g)select([].indexOf.call(steps,g));});\n"
	" document.documentElement.setAttribute('data-rendered','lanes='+count('rect.lane')+\n"
	"  ' steps='+steps.length+' highlighted='+ok+' gp='+count('g.gp')+' exp='+count('g.exp')+\n"
	"  ' labels='+count('g.step text'));});\n"
	"})();";

const char html_legend[] =
	"<p class=\"legend\">"
	"<span style=\"background:hsl(137,55%,62%)\">task (one colour per task)</span>"
	"<span style=\"background:#d33;color:#fff\">hardirq</span>"
	"<span style=\"background:#e80\">softirq</span>"
	"<span style=\"background:#cc0\">irq_exit window</span>"
	"<span style=\"background:#2a2;color:#fff\">RCU reader</span>"
	"<span style=\"background:#69c;color:#fff\">lock held</span>"
	"<span style=\"background:#b8a\">grace period in progress</span>"
	"<span style=\"background:#7bc\">expedited grace period</span>"
	"<span style=\"background:#27a;color:#fff\">... waits: -&gt;exp_tasks or -&gt;expmask "
	"set</span>"
	"<span style=\"border:2px solid #e00\">the step that fired the report</span>"
	" A block is a step, at the point its CPU stepped to; the lighter part is the time"
	" the CPU stays there. Nested irq frames stack above the task they interrupted."
	" Hover a block for the step's details.</p>\n";

const char html_panel[] =
	"<div id=\"panel\"><div id=\"stepinfo\"></div><div id=\"rcustate\"></div>"
	"<table id=\"nodes\"><thead><tr><th>rcu_node</th><th>CPUs</th><th>gpnum</th>"
	"<th>completed</th><th>qsmask</th><th>qsmaskinit</th><th>expmask</th>"
	"<th>-&gt;blkd_tasks, head first</th><th>-&gt;gp_tasks</th><th>-&gt;exp_tasks</th>"
	"<th>-&gt;boost_tasks</th></tr></thead><tbody></tbody></table>"
	"<div>Keys: &larr; &rarr; one step, Shift+&larr; &rarr; to where the rcu_node tree"
	" changed, Home End the first and last step; click a block to select it.</div></div>\n";
