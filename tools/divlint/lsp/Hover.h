//===- Hover.h - what divlint knows about a branch condition, as Markdown -*- C++ -*-===//
//
// textDocument/hover on a condition divlint classified: its class and extent, the warps that
// diverge and the lanes' split, the predicted efficiency and slowdowns, the block shapes
// enumerated, the kernel's predicted efficiency, and the lane map of one diverging warp.
//
//===----------------------------------------------------------------------===//
#ifndef DIVLINT_TOOLS_DIVLINT_LSP_HOVER_H
#define DIVLINT_TOOLS_DIVLINT_LSP_HOVER_H

#include "divlint/Report/Finding.h"
#include "divlint/Report/KernelSummary.h"
#include <string>
#include <vector>

namespace divlint::lsp {

/// The hover text (Markdown) of \p F; \p Kernels: the unit's kernels (for the kernel line);
/// \p RuleDoc: the rule page's URI.
std::string hoverMarkdown(const Finding &F, const std::vector<KernelSummary> &Kernels,
                          llvm::StringRef RuleDoc);

} // namespace divlint::lsp

#endif
